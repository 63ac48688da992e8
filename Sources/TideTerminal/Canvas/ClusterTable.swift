import Synchronization

/// Interns multi-scalar grapheme clusters so that a ``Cell`` can refer to one with a number and
/// stay plain data.
///
/// The table is process-wide and only grows: it holds each distinct cluster ever drawn (a few
/// dozen emoji and accented letters in practice), and ids never change meaning, so cells from
/// different canvases compare correctly.
enum ClusterTable {
  /// Ids start above the Unicode scalar range, so one `UInt32` holds either.
  static let firstIdentifier: UInt32 = 0x11_0000

  private struct Storage {
    var identifiers: [String: UInt32] = [:]
    var clusters: [String] = []
  }

  private static let storage = Mutex(Storage())

  /// The id of `cluster`: the text of one cell, usually one grapheme cluster, sometimes the part
  /// of one that the terminal puts in a cell (`🏽‍💻` of `👩🏽‍💻`).
  static func identifier(for cluster: String) -> UInt32 {
    storage.withLock { storage in
      if let identifier = storage.identifiers[cluster] { return identifier }
      let identifier = firstIdentifier + UInt32(storage.clusters.count)
      storage.clusters.append(cluster)
      storage.identifiers[cluster] = identifier
      return identifier
    }
  }

  static func cluster(for identifier: UInt32) -> String {
    storage.withLock { storage in
      let index = Int(identifier - firstIdentifier)
      return index < storage.clusters.count ? storage.clusters[index] : " "
    }
  }
}
