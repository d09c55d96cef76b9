/// A small, fast, seeded generator (SplitMix64): the same seed gives the same run.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

    /// A uniformly chosen element.
    mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &self)] }

    /// An integer in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
}

/// Numbers that break careless code: zero, signs, the ends of integer ranges, NaN, infinities,
/// the huge and the tiny.
enum Hostile {
    static let doubles: [Double] = [0, -0.0, 1, -1, 0.5, 1e-300, -1e-300, 1e6, -1e6, 9.2e18, -9.3e18, 1e30, -1e30, 1e300,
                                    .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .infinity, -.infinity, .nan,
                                    2_147_483_648, 4_294_967_295, 16_777_216, 16_777_217]
    static let int32s: [Int32] = [0, 1, -1, .max, .min, .max - 1, .min + 1, 65_535, -65_536, 20_000, 1 << 24]
    static let strings: [String] = [
        "", " ", "a", "Hello", "\u{0}", "a\u{0}b", String(repeating: "x", count: 10_000),
        "👩‍👩‍👧‍👦🏳️‍🌈👍🏽", "e\u{301}\u{316}\u{35C}" + String(repeating: "\u{301}", count: 300), "مرحبا بالعالم",
        "line\nbreak\r\nand\rmore", "\u{202E}reversed\u{202C}", "\u{FEFF}\u{200B}\u{200D}", "\t\t", "%@%n%s",
        String(repeating: "😀", count: 3_000), String(repeating: "word ", count: 4_000),
    ]
}
