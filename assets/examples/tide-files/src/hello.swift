import TideTerminal

let greeting = "Hello, files!"
print(greeting)
