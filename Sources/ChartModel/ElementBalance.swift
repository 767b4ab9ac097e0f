/// The planets of a chart counted by the element and the modality of their signs: the table astrologers read a
/// chart's temperament from. Only the ten planets, Sun to Pluto, are counted; the nodes, Lilith, the Part of
/// Fortune and Chiron are points, which the usual reading leaves out.
public struct ElementBalance: Sendable, Hashable {
    /// The bodies counted, in `BodyID` order.
    public static let countedBodies: [BodyID] = BodyID.planets

    /// A counted body and the sign it is in.
    public struct Placement: Sendable, Hashable {
        /// The body.
        public var body: BodyID
        /// The sign of its longitude.
        public var sign: ZodiacSign
    }

    /// Each planet counted and its sign, in the order the bodies were given.
    public var placements: [Placement]

    /// Counts the planets among `bodies`, keeping their order.
    public init(bodies: [Body]) {
        placements = bodies.filter { Self.countedBodies.contains($0.id) }.map { Placement(body: $0.id, sign: $0.sign) }
    }

    /// The counted bodies in `sign`, in chart order.
    public func bodies(in sign: ZodiacSign) -> [BodyID] {
        placements.filter { $0.sign == sign }.map(\.body)
    }

    /// The counted bodies in the signs of `element`, in chart order.
    public func bodies(in element: ZodiacSign.Element) -> [BodyID] {
        placements.filter { $0.sign.element == element }.map(\.body)
    }

    /// The counted bodies in the signs of `modality`, in chart order.
    public func bodies(in modality: ZodiacSign.Modality) -> [BodyID] {
        placements.filter { $0.sign.modality == modality }.map(\.body)
    }

    /// How many planets were counted.
    public var total: Int { placements.count }
}
