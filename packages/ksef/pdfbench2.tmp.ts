import { pdfBench } from './bench/visual.ts'
const cpuMs = () => {
  const u = process.threadCpuUsage()
  return (u.user + u.system) / 1000
}
await pdfBench(cpuMs)
