/// The part of decoding that every format shares: bodies and angles from a list of entries, cusps, aspects,
/// and the checks that make a chart drawable (no duplicates, twelve cusps, longitudes in range).
struct ChartAssembler {
    let strict: Bool
    private(set) var warnings: [String] = []
    private(set) var bodies: [Body] = []
    /// The entry that gave each body, by position in `bodies`, to name both places when a body comes again.
    /// (Nodes of the document being read: an assembler lives no longer than its decode.)
    private var bodyEntries: [JSONNode] = []
    private var angles: [ChartAngle: Double] = [:]
    private var skippedBodies = 0

    init(strict: Bool) { self.strict = strict }

    /// Skips an entry with a warning, or throws when strict.
    private mutating func skip(_ node: JSONNode, _ problem: String) throws(ChartError) {
        if strict { throw node.error(problem) }
        warnings.append("\(node.path): \(problem), skipped")
    }

    // MARK: Bodies

    mutating func readBodies(_ list: JSONNode, fields: BodyFields) throws(ChartError) {
        let entries = try list.array()
        bodies.reserveCapacity(entries.count)
        bodyEntries.reserveCapacity(entries.count)
        for entry in entries { try readBody(entry, fields: fields) }
        guard !bodies.isEmpty else {
            throw list.error(skippedBodies > 0 ? "no known bodies (\(skippedBodies) skipped)" : "no bodies")
        }
    }

    private mutating func readBody(_ entry: JSONNode, fields: BodyFields) throws(ChartError) {
        let object = try entry.object()
        let nameNode = try object.required(fields.name)
        if let angle = try nameNode.serviceName(in: ChartAngle.serviceNames) {
            guard angles[angle] == nil else { throw nameNode.error("duplicate angle \(quote(try nameNode.string()))") }
            angles[angle] = try object.required(fields.longitude).longitude()
            return
        }
        guard let id = try nameNode.serviceName(in: BodyID.serviceNames) else {
            skippedBodies += 1
            return try skip(nameNode, BodyID.unknown(try nameNode.string()))
        }
        if let earlier = bodies.firstIndex(where: { $0.id == id }) {
            let name = try nameNode.string()
            let earlierEntry = bodyEntries[earlier]
            let earlierName = try earlierEntry.object().required(fields.name).string()
            let same = earlierName.lowercased() == name.lowercased()
            throw nameNode.error("duplicate body \(quote(name))" + (same ? "" : " (\(id.displayName), already given as \(quote(earlierName)) at \(earlierEntry.path))"))
        }
        let longitude = try object.required(fields.longitude).longitude()
        let speed = try object.optional(fields.speed)?.number()
        // A source that gives no flag but a speed is retrograde when the speed is negative.
        let retrograde = try object.optional(fields.retrograde)?.flag() ?? ((speed ?? 0) < 0)
        let house = try object.optional(fields.house)?.wholeNumber(in: 1...12)
        let latitude = try fields.latitude.flatMap { object.optional($0) }.map { (node) throws(ChartError) in try node.latitude() }
        bodies.append(Body(id: id, longitude: longitude, latitude: latitude, speed: speed, retrograde: retrograde, house: house))
        bodyEntries.append(entry)
    }

    // MARK: Cusps

    /// Cusps from a list of house entries (`{house_id, start_degree}`), in house order; each house exactly once.
    static func readHouseList(_ list: JSONNode, numberKey: StaticString, degreeKey: StaticString) throws(ChartError) -> [Double] {
        var cusps = [Double](repeating: .nan, count: 12)  // by house number - 1; NaN until given
        let entries = try list.array()
        for entry in entries {
            let object = try entry.object()
            let numberNode = try object.required(numberKey)
            let number = try numberNode.wholeNumber(in: 1...12)
            guard cusps[number - 1].isNaN else { throw numberNode.error("house \(number) given twice") }
            cusps[number - 1] = try object.required(degreeKey).longitude()
        }
        try checkCuspCount(entries.count, list)
        return cusps
    }

    /// Cusps from a plain list of twelve longitudes.
    static func readCuspList(_ list: JSONNode) throws(ChartError) -> [Double] {
        let entries = try list.array()
        var cusps: [Double] = []
        cusps.reserveCapacity(entries.count)
        for entry in entries { cusps.append(try entry.longitude()) }
        try checkCuspCount(cusps.count, list)
        return cusps
    }

    private static func checkCuspCount(_ count: Int, _ list: JSONNode) throws(ChartError) {
        guard count == 12 else { throw list.error("\(count) cusps, expected 12") }
    }

    // MARK: Aspects

    /// The aspects between bodies of the chart; read after the bodies.
    mutating func readAspects(_ list: JSONNode, fields: AspectFields) throws(ChartError) -> [Aspect] {
        let entries = try list.array()
        var aspects: [Aspect] = []
        aspects.reserveCapacity(entries.count)
        for entry in entries {
            let object = try entry.object()
            guard let first = try aspectBody(object, fields.first), let second = try aspectBody(object, fields.second) else { continue }
            guard first.id != second.id else {
                throw second.node.error("\(quote(try second.node.string())) in an aspect with itself")
            }
            let kindNode = try object.required(fields.kind)
            guard let kind = try kindNode.serviceName(in: AspectKind.serviceNames) else {
                try skip(kindNode, AspectKind.unknown(try kindNode.string()))
                continue
            }
            let orb = try object.optional(fields.orb)?.number()
            aspects.append(Aspect(first: first.id, second: second.id, kind: kind, orb: orb))
        }
        return aspects
    }

    /// One body of an aspect, or nil (with a warning) when it is not in the chart: an angle, an unknown point,
    /// a body the source left out. There is nothing to draw then.
    private mutating func aspectBody(_ object: JSONObjectNode, _ key: StaticString) throws(ChartError) -> (id: BodyID, node: JSONNode)? {
        let node = try object.required(key)
        guard let id = try node.serviceName(in: BodyID.serviceNames), bodies.contains(where: { $0.id == id }) else {
            warnings.append("\(node.path): \(quote(try node.string())) is not a body in the chart, skipped")
            return nil
        }
        return (id, node)
    }

    // MARK: The chart

    /// The chart, with the angles from their own fields, else from the angle entries of the body list
    /// (a Descendant or IC stands for the point opposite), else from cusps 1 and 10.
    func chart(cusps: [Double], ascendant: Double?, midheaven: Double?, aspects: [Aspect]?) -> NatalChart {
        func opposite(_ angle: ChartAngle) -> Double? { angles[angle].map { normalizedDegrees($0 + 180) } }
        return NatalChart(
            bodies: bodies, cusps: cusps,
            ascendant: ascendant ?? angles[.ascendant] ?? opposite(.descendant) ?? cusps[0],
            midheaven: midheaven ?? angles[.midheaven] ?? opposite(.imumCoeli) ?? cusps[9],
            aspects: aspects)
    }
}
