import Tide

/// A state of 100 fields (800 bytes), for `observers-100`.
struct WideState: Equatable {
  var field0 = 0
  var field1 = 0
  var field2 = 0
  var field3 = 0
  var field4 = 0
  var field5 = 0
  var field6 = 0
  var field7 = 0
  var field8 = 0
  var field9 = 0
  var field10 = 0
  var field11 = 0
  var field12 = 0
  var field13 = 0
  var field14 = 0
  var field15 = 0
  var field16 = 0
  var field17 = 0
  var field18 = 0
  var field19 = 0
  var field20 = 0
  var field21 = 0
  var field22 = 0
  var field23 = 0
  var field24 = 0
  var field25 = 0
  var field26 = 0
  var field27 = 0
  var field28 = 0
  var field29 = 0
  var field30 = 0
  var field31 = 0
  var field32 = 0
  var field33 = 0
  var field34 = 0
  var field35 = 0
  var field36 = 0
  var field37 = 0
  var field38 = 0
  var field39 = 0
  var field40 = 0
  var field41 = 0
  var field42 = 0
  var field43 = 0
  var field44 = 0
  var field45 = 0
  var field46 = 0
  var field47 = 0
  var field48 = 0
  var field49 = 0
  var field50 = 0
  var field51 = 0
  var field52 = 0
  var field53 = 0
  var field54 = 0
  var field55 = 0
  var field56 = 0
  var field57 = 0
  var field58 = 0
  var field59 = 0
  var field60 = 0
  var field61 = 0
  var field62 = 0
  var field63 = 0
  var field64 = 0
  var field65 = 0
  var field66 = 0
  var field67 = 0
  var field68 = 0
  var field69 = 0
  var field70 = 0
  var field71 = 0
  var field72 = 0
  var field73 = 0
  var field74 = 0
  var field75 = 0
  var field76 = 0
  var field77 = 0
  var field78 = 0
  var field79 = 0
  var field80 = 0
  var field81 = 0
  var field82 = 0
  var field83 = 0
  var field84 = 0
  var field85 = 0
  var field86 = 0
  var field87 = 0
  var field88 = 0
  var field89 = 0
  var field90 = 0
  var field91 = 0
  var field92 = 0
  var field93 = 0
  var field94 = 0
  var field95 = 0
  var field96 = 0
  var field97 = 0
  var field98 = 0
  var field99 = 0

  /// Every field, for observers that each select one.
  @MainActor static let fields: [WritableKeyPath<WideState, Int>] = [
    \WideState.field0,
    \WideState.field1,
    \WideState.field2,
    \WideState.field3,
    \WideState.field4,
    \WideState.field5,
    \WideState.field6,
    \WideState.field7,
    \WideState.field8,
    \WideState.field9,
    \WideState.field10,
    \WideState.field11,
    \WideState.field12,
    \WideState.field13,
    \WideState.field14,
    \WideState.field15,
    \WideState.field16,
    \WideState.field17,
    \WideState.field18,
    \WideState.field19,
    \WideState.field20,
    \WideState.field21,
    \WideState.field22,
    \WideState.field23,
    \WideState.field24,
    \WideState.field25,
    \WideState.field26,
    \WideState.field27,
    \WideState.field28,
    \WideState.field29,
    \WideState.field30,
    \WideState.field31,
    \WideState.field32,
    \WideState.field33,
    \WideState.field34,
    \WideState.field35,
    \WideState.field36,
    \WideState.field37,
    \WideState.field38,
    \WideState.field39,
    \WideState.field40,
    \WideState.field41,
    \WideState.field42,
    \WideState.field43,
    \WideState.field44,
    \WideState.field45,
    \WideState.field46,
    \WideState.field47,
    \WideState.field48,
    \WideState.field49,
    \WideState.field50,
    \WideState.field51,
    \WideState.field52,
    \WideState.field53,
    \WideState.field54,
    \WideState.field55,
    \WideState.field56,
    \WideState.field57,
    \WideState.field58,
    \WideState.field59,
    \WideState.field60,
    \WideState.field61,
    \WideState.field62,
    \WideState.field63,
    \WideState.field64,
    \WideState.field65,
    \WideState.field66,
    \WideState.field67,
    \WideState.field68,
    \WideState.field69,
    \WideState.field70,
    \WideState.field71,
    \WideState.field72,
    \WideState.field73,
    \WideState.field74,
    \WideState.field75,
    \WideState.field76,
    \WideState.field77,
    \WideState.field78,
    \WideState.field79,
    \WideState.field80,
    \WideState.field81,
    \WideState.field82,
    \WideState.field83,
    \WideState.field84,
    \WideState.field85,
    \WideState.field86,
    \WideState.field87,
    \WideState.field88,
    \WideState.field89,
    \WideState.field90,
    \WideState.field91,
    \WideState.field92,
    \WideState.field93,
    \WideState.field94,
    \WideState.field95,
    \WideState.field96,
    \WideState.field97,
    \WideState.field98,
    \WideState.field99,
  ]
}

enum WideAction: Sendable, Equatable {
  /// Adds one to the field at this index.
  case bump(Int)
}

@inline(__always)
func wideBody(_ state: inout WideState, _ action: WideAction) {
  guard case .bump(let index) = action else { return }
  switch index {
  case 0: state.field0 &+= 1
  case 1: state.field1 &+= 1
  case 2: state.field2 &+= 1
  case 3: state.field3 &+= 1
  case 4: state.field4 &+= 1
  case 5: state.field5 &+= 1
  case 6: state.field6 &+= 1
  case 7: state.field7 &+= 1
  case 8: state.field8 &+= 1
  case 9: state.field9 &+= 1
  case 10: state.field10 &+= 1
  case 11: state.field11 &+= 1
  case 12: state.field12 &+= 1
  case 13: state.field13 &+= 1
  case 14: state.field14 &+= 1
  case 15: state.field15 &+= 1
  case 16: state.field16 &+= 1
  case 17: state.field17 &+= 1
  case 18: state.field18 &+= 1
  case 19: state.field19 &+= 1
  case 20: state.field20 &+= 1
  case 21: state.field21 &+= 1
  case 22: state.field22 &+= 1
  case 23: state.field23 &+= 1
  case 24: state.field24 &+= 1
  case 25: state.field25 &+= 1
  case 26: state.field26 &+= 1
  case 27: state.field27 &+= 1
  case 28: state.field28 &+= 1
  case 29: state.field29 &+= 1
  case 30: state.field30 &+= 1
  case 31: state.field31 &+= 1
  case 32: state.field32 &+= 1
  case 33: state.field33 &+= 1
  case 34: state.field34 &+= 1
  case 35: state.field35 &+= 1
  case 36: state.field36 &+= 1
  case 37: state.field37 &+= 1
  case 38: state.field38 &+= 1
  case 39: state.field39 &+= 1
  case 40: state.field40 &+= 1
  case 41: state.field41 &+= 1
  case 42: state.field42 &+= 1
  case 43: state.field43 &+= 1
  case 44: state.field44 &+= 1
  case 45: state.field45 &+= 1
  case 46: state.field46 &+= 1
  case 47: state.field47 &+= 1
  case 48: state.field48 &+= 1
  case 49: state.field49 &+= 1
  case 50: state.field50 &+= 1
  case 51: state.field51 &+= 1
  case 52: state.field52 &+= 1
  case 53: state.field53 &+= 1
  case 54: state.field54 &+= 1
  case 55: state.field55 &+= 1
  case 56: state.field56 &+= 1
  case 57: state.field57 &+= 1
  case 58: state.field58 &+= 1
  case 59: state.field59 &+= 1
  case 60: state.field60 &+= 1
  case 61: state.field61 &+= 1
  case 62: state.field62 &+= 1
  case 63: state.field63 &+= 1
  case 64: state.field64 &+= 1
  case 65: state.field65 &+= 1
  case 66: state.field66 &+= 1
  case 67: state.field67 &+= 1
  case 68: state.field68 &+= 1
  case 69: state.field69 &+= 1
  case 70: state.field70 &+= 1
  case 71: state.field71 &+= 1
  case 72: state.field72 &+= 1
  case 73: state.field73 &+= 1
  case 74: state.field74 &+= 1
  case 75: state.field75 &+= 1
  case 76: state.field76 &+= 1
  case 77: state.field77 &+= 1
  case 78: state.field78 &+= 1
  case 79: state.field79 &+= 1
  case 80: state.field80 &+= 1
  case 81: state.field81 &+= 1
  case 82: state.field82 &+= 1
  case 83: state.field83 &+= 1
  case 84: state.field84 &+= 1
  case 85: state.field85 &+= 1
  case 86: state.field86 &+= 1
  case 87: state.field87 &+= 1
  case 88: state.field88 &+= 1
  case 89: state.field89 &+= 1
  case 90: state.field90 &+= 1
  case 91: state.field91 &+= 1
  case 92: state.field92 &+= 1
  case 93: state.field93 &+= 1
  case 94: state.field94 &+= 1
  case 95: state.field95 &+= 1
  case 96: state.field96 &+= 1
  case 97: state.field97 &+= 1
  case 98: state.field98 &+= 1
  case 99: state.field99 &+= 1
  default: break
  }
}
