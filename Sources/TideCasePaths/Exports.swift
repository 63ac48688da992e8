#if CasePaths
// `import TideCasePaths` is all a feature needs: `@CasePathable`, `CaseKeyPath` and the case
// key path subscripts come with it, as The Composable Architecture users are used to.
@_exported import CasePaths
#endif
