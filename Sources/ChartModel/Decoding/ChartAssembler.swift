import Support

/// The part of decoding that every format shares: bodies and angles from a list of entries, cusps, aspects,
/// and the checks that make a chart drawable (no duplicates, twelve cusps, longitudes in range).
struct ChartAssembler {
    let strict: Bool
    private(set) var warnings: [String] = []
    private(set) var bodies: [Body] = []
    /// The entry that gave each body, by position in `bodies`, to name both places when a body comes again.
    /// (Nodes of the document being read: an assembler lives no longer than its decode.)
    private var bodyEntries: [(node: JSONNode, index: Int, houseKey: StaticString)] = []
    private var bodyList = EntryPaths()
    private var angles: [ChartAngle: Double] = [:]
    private var skippedBodies = 0

    init(strict: Bool) { self.strict = strict }

    /// Skips an entry with a warning, or throws when strict. The warning's path is the entry's place in its list,
    /// `paths`, which walks the document once per list: walking it for each warning would cost the square of their count.
    private mutating func skip(_ node: JSONNode, _ problem: String, at paths: EntryPaths, _ index: Int, _ key: StaticString) throws(ChartError) {
        if strict { throw node.error(problem) }
        warnings.append("\(paths.path(index, key)): \(problem), skipped")
    }

    // MARK: Bodies

    mutating func readBodies(_ list: JSONNode, fields: BodyFields) throws(ChartError) {
        let entries = try list.array()
        bodies.reserveCapacity(entries.count)
        bodyEntries.reserveCapacity(entries.count)
        bodyList = EntryPaths(list: list)
        for (index, entry) in entries.enumerated() { try readBody(entry, index, fields: fields) }
        guard !bodies.isEmpty else {
            throw list.error(skippedBodies > 0 ? "no known bodies (\(skippedBodies) skipped)" : "no bodies")
        }
    }

    private mutating func readBody(_ entry: JSONNode, _ index: Int, fields: BodyFields) throws(ChartError) {
        let object = try entry.object()
        let nameNode = try object.required(fields.name)
        // Every entry's fields are checked, those of an entry then skipped too: what is refused does not depend
        // on a name the reader may not know (the OpenAPI document can say it).
        let longitude = try object.required(fields.longitude).longitude()
        let speed = try object.optional(fields.speed)?.number()
        let retrograde = try object.optional(fields.retrograde)?.flag()
        let house = try object.optional(fields.house)?.wholeNumber(in: 1...12)
        let latitude = try fields.latitude.flatMap { object.optional($0) }.map { (node) throws(ChartError) in try node.latitude() }
        if let angle = try nameNode.serviceName(in: ChartAngle.serviceNames) {
            guard angles[angle] == nil else { throw nameNode.error("duplicate angle \(quote(try nameNode.string()))") }
            angles[angle] = longitude
            return
        }
        guard let id = try nameNode.serviceName(in: BodyID.serviceNames) else {
            skippedBodies += 1
            return try skip(nameNode, BodyID.unknown(try nameNode.string()), at: bodyList, index, fields.name)
        }
        if let earlier = bodies.firstIndex(where: { $0.id == id }) {
            let name = try nameNode.string()
            let earlierEntry = bodyEntries[earlier].node
            let earlierName = try earlierEntry.object().required(fields.name).string()
            let same = earlierName.lowercased() == name.lowercased()
            throw nameNode.error("duplicate body \(quote(name))" + (same ? "" : " (\(id.displayName), already given as \(quote(earlierName)) at \(earlierEntry.path))"))
        }
        // A source that gives no flag but a speed is retrograde when the speed is negative.
        // Each field was checked as it was read, with its path in the input.
        bodies.append(Body(unchecked: id, longitude: longitude, latitude: latitude, speed: speed,
                           retrograde: retrograde ?? ((speed ?? 0) < 0), house: house))
        bodyEntries.append((entry, index, fields.house))
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
        try checkCusps(entries.count, cusps, list)
        return cusps
    }

    /// Cusps from a plain list of twelve longitudes.
    static func readCuspList(_ list: JSONNode) throws(ChartError) -> [Double] {
        let entries = try list.array()
        var cusps: [Double] = []
        cusps.reserveCapacity(entries.count)
        for entry in entries { cusps.append(try entry.longitude()) }
        try checkCusps(cusps.count, cusps, list)
        return cusps
    }

    /// Twelve cusps in zodiac order (each was checked to be a longitude as it was read).
    private static func checkCusps(_ count: Int, _ cusps: [Double], _ list: JSONNode) throws(ChartError) {
        guard count == 12 else { throw list.error("\(count) cusps, expected 12") }
        if let problem = ChartLimits.cuspsProblem(cusps) { throw list.error(problem) }
    }

    // MARK: Aspects

    /// The aspects between bodies of the chart; read after the bodies.
    mutating func readAspects(_ list: JSONNode, fields: AspectFields) throws(ChartError) -> [Aspect] {
        let entries = try list.array()
        let paths = EntryPaths(list: list)
        var aspects: [Aspect] = []
        aspects.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            let object = try entry.object()
            // Every field is checked before the aspect is read or skipped, as for bodies.
            let firstNode = try object.required(fields.first), secondNode = try object.required(fields.second)
            _ = try firstNode.string()
            _ = try secondNode.string()
            let kindNode = try object.required(fields.kind)
            _ = try kindNode.string()
            let orbNode = object.optional(fields.orb)
            let orb = try orbNode?.number()
            if let orbNode, let orb, let problem = ChartLimits.orbProblem(orb) { throw orbNode.error(problem) }
            guard let first = try aspectBody(firstNode, fields.first, paths, index),
                  let second = try aspectBody(secondNode, fields.second, paths, index) else { continue }
            guard first.id != second.id else {
                throw second.node.error("\(quote(try second.node.string())) in an aspect with itself")
            }
            guard let kind = try kindNode.serviceName(in: AspectKind.serviceNames) else {
                try skip(kindNode, AspectKind.unknown(try kindNode.string()), at: paths, index, fields.kind)
                continue
            }
            aspects.append(Aspect(unchecked: first.id, second: second.id, kind: kind, orb: orb))
        }
        return aspects
    }

    /// One body of an aspect, or nil (with a warning) when it is not in the chart: an angle, an unknown point,
    /// a body the source left out. There is nothing to draw then.
    private mutating func aspectBody(
        _ node: JSONNode, _ key: StaticString, _ paths: EntryPaths, _ index: Int
    ) throws(ChartError) -> (id: BodyID, node: JSONNode)? {
        guard let id = try node.serviceName(in: BodyID.serviceNames), bodies.contains(where: { $0.id == id }) else {
            warnings.append("\(paths.path(index, key)): \(quote(try node.string())) is not a body in the chart, skipped")
            return nil
        }
        return (id, node)
    }

    // MARK: The chart

    /// The chart, with the angles from their own fields, else from the angle entries of the body list
    /// (a Descendant or IC stands for the point opposite), else from cusps 1 and 10. The cusps decide each body's
    /// house: a house the source gives that contradicts them is replaced, with a warning.
    mutating func chart(cusps: [Double], ascendant: Double?, midheaven: Double?, aspects: [Aspect]?, houseSystem: String? = nil) throws(ChartError) -> NatalChart {
        func opposite(_ angle: ChartAngle) -> Double? { angles[angle].map { normalizedDegrees($0 + 180) } }
        let chart = try NatalChart(
            bodies: bodies, cusps: cusps,
            ascendant: ascendant ?? angles[.ascendant] ?? opposite(.descendant) ?? cusps[0],
            midheaven: midheaven ?? angles[.midheaven] ?? opposite(.imumCoeli) ?? cusps[9],
            aspects: aspects, houseSystem: houseSystem)
        for (position, (given, drawn)) in zip(bodies, chart.bodies).enumerated() {
            guard let house = given.house, let drawnHouse = drawn.house, house != drawnHouse else { continue }
            let entry = bodyEntries[position]
            warnings.append("\(bodyList.path(entry.index, entry.houseKey)): \(house) contradicts the cusps, which put "
                + "\(given.id.displayName) in house \(drawnHouse); house \(drawnHouse) used")
        }
        return chart
    }
}

/// The paths of a list's entries, `planets[3].name`, from the list's own path, worked out once.
struct EntryPaths {
    private var listPath = JSONPath()

    init() {}
    init(list: JSONNode) { listPath = list.path }

    func path(_ index: Int, _ key: StaticString) -> String { listPath.index(index).key(key.description).description }
}
