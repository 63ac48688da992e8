// PostsRequest: SwiftRX's posts on Tide. Loads posts from a stand-in API with a logger
// middleware, and shows the count through a selector.
//
//   swift run PostsRequest

import Tide

let store = Store(
  initialState: AppState(),
  reducer: appReducer(fetch: {
    [PostsFeature.Post(id: 1, title: "Hello, Tide"), PostsFeature.Post(id: 2, title: "Reducers on Linux")]
  }),
  middleware: [actionLogger { print($0) }])
let totalLabel = store.observe(postCount) { print("Total posts: \($0)") }

await store.send(.posts(.load)).finish()
withExtendedLifetime(totalLabel) {}
