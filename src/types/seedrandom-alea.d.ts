// seedrandom ships each generator as its own CommonJS file; we load only Alea.
declare module 'seedrandom/lib/alea.js' {
  interface AleaPrng {
    (): number
    int32(): number
    double(): number
    quick(): number
  }
  const alea: (seed?: string) => AleaPrng
  export default alea
}
