#if Combine
// `import TideCombine` is all a feature needs: `Publisher`, `Just`, `sink` and the rest come
// with it, from Apple's Combine where it exists and from OpenCombine, its port, elsewhere, so
// the same source builds on both.
#if canImport(Combine)
@_exported import Combine
#else
@_exported import OpenCombine
#endif
#endif
