import Testing

@testable import TideTerminal

@Suite("Theme roles")
struct ThemeRoleTests {
  @Test func eachRoleIsTheThemesStyleOfThatName() {
    #expect(Theme.Role.allCases.map(\.rawValue) == Theme.roleNames)
    for theme in Theme.builtIn {
      for role in Theme.Role.allCases {
        #expect(theme[role] == theme.role(named: role.rawValue))
      }
    }
    #expect(Theme.dark[.warning] == Theme.dark.warning)
  }
}
