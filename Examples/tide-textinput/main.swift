import TideTerminalCommand

// `tide-textinput`, and `tide-textinput replay SCRIPT...` (see `tide-textinput --help`).
await TerminalCommand("tide-textinput", version: "0.1.0", abstract: "Type your name, get a greeting.") { launch in
  Greeting.app(launch: launch)
}.main()
