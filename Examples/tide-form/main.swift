import TideTerminalCommand

// `tide-form`, and `tide-form replay SCRIPT...` (see `tide-form --help`).
await TerminalCommand("tide-form", version: "0.1.0", abstract: "Sign up: a form you tab, click and scroll through.") { launch in
  SignUp.app(launch: launch)
}.main()
