import TideTerminalCommand

// `tide-dashboard`, and `tide-dashboard replay SCRIPT...` (see `tide-dashboard --help`).
await TerminalCommand("tide-dashboard", version: "0.1.0", abstract: "Tabs, a sortable table and charts on a timer.") { launch in
  Dashboard.app(launch: launch)
}.main()
