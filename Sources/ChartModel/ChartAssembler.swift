/// The part of decoding that every format shares: bodies and angles from a list of entries, cusps, aspects,
/// and the checks that make a chart drawable (no duplicates, twelve cusps, longitudes in range).
struct ChartAssembler {
    let strict: Bool
    private(set) var warnings: [String] = []
    private(set) var bodies: [Body] = []
    /// Where each body was first given, to name both places when it comes again.
    private var firstMention: [BodyID: (name: String, path: JSONPath)] = [:]
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
        for entry in try list.array() { try readBody(entry, fields: fields) }
        guard !bodies.isEmpty else {
            throw list.error(skippedBodies > 0 ? "no known bodies (\(skippedBodies) skipped)" : "no bodies")
        }
    }

    private mutating func readBody(_ entry: JSONNode, fields: BodyFields) throws(ChartError) {
        let object = try entry.object()
        let nameNode = try object.required(fields.name)
        let name = try nameNode.string()
        if let angle = ChartAngle(serviceName: name) {
            guard angles[angle] == nil else { throw nameNode.error("duplicate angle \(quote(name))") }
            angles[angle] = try object.required(fields.longitude).longitude()
            return
        }
        guard let id = BodyID(serviceName: name) else {
            skippedBodies += 1
            return try skip(nameNode, "unknown body \(quote(name))")
        }
        if let earlier = firstMention[id] {
            let same = earlier.name.lowercased() == name.lowercased()
            throw nameNode.error("duplicate body \(quote(name))" + (same ? "" : " (\(id.displayName), already given as \(quote(earlier.name)) at \(earlier.path))"))
        }
        firstMention[id] = (name, entry.path)
        let longitude = try object.required(fields.longitude).longitude()
        let speed = try object.optional(fields.speed)?.number()
        // A source that gives no flag but a speed is retrograde when the speed is negative.
        let retrograde = try object.optional(fields.retrograde)?.flag() ?? ((speed ?? 0) < 0)
        let house = try object.optional(fields.house)?.wholeNumber(in: 1...12)
        bodies.append(Body(id: id, longitude: longitude, speed: speed, retrograde: retrograde, house: house))
    }

    // MARK: Cusps

    /// Cusps from a list of house entries (`{house_id, start_degree}`), in house order; each house exactly once.
    static func readHouseList(_ list: JSONNode, numberKey: String, degreeKey: String) throws(ChartError) -> [Double] {
        var cusps: [Int: Double] = [:]
        let entries = try list.array()
        for entry in entries {
            let object = try entry.object()
            let numberNode = try object.required(numberKey)
            let number = try numberNode.wholeNumber(in: 1...12)
            guard cusps[number] == nil else { throw numberNode.error("house \(number) given twice") }
            cusps[number] = try object.required(degreeKey).longitude()
        }
        try checkCuspCount(entries.count, list)
        return (1...12).map { cusps[$0]! }
    }

    /// Cusps from a plain list of twelve longitudes.
    static func readCuspList(_ list: JSONNode) throws(ChartError) -> [Double] {
        var cusps: [Double] = []
        for entry in try list.array() { cusps.append(try entry.longitude()) }
        try checkCuspCount(cusps.count, list)
        return cusps
    }

    private static func checkCuspCount(_ count: Int, _ list: JSONNode) throws(ChartError) {
        guard count == 12 else { throw list.error("\(count) cusps, expected 12") }
    }

    // MARK: Aspects

    /// The aspects between bodies of the chart; read after the bodies.
    mutating func readAspects(_ list: JSONNode, fields: AspectFields) throws(ChartError) -> [Aspect] {
        var aspects: [Aspect] = []
        let present = Set(bodies.map(\.id))
        entries: for entry in try list.array() {
            let object = try entry.object()
            var ids: [BodyID] = [], names: [String] = []
            for key in [fields.first, fields.second] {
                let node = try object.required(key)
                let name = try node.string()
                guard let id = BodyID(serviceName: name), present.contains(id) else {
                    // Not in the chart (an angle, an unknown point, a body the source left out): nothing to draw.
                    warnings.append("\(node.path): \(quote(name)) is not a body in the chart, skipped")
                    continue entries
                }
                ids.append(id)
                names.append(name)
            }
            guard ids[0] != ids[1] else {
                throw try object.required(fields.second).error("\(quote(names[1])) in an aspect with itself")
            }
            let kindNode = try object.required(fields.kind)
            let kindName = try kindNode.string()
            guard let kind = AspectKind(serviceName: kindName) else {
                try skip(kindNode, "unknown aspect \(quote(kindName))")
                continue
            }
            let orb = try object.optional(fields.orb)?.number()
            aspects.append(Aspect(first: ids[0], second: ids[1], kind: kind, orb: orb))
        }
        return aspects
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
