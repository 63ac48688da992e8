import TideDemo

await DemoCommand.command.main()
