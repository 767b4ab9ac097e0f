extension NatalChart {
    /// The chart repaired into one the wheel can draw, for a chart changed through its `var`s after its checks
    /// (`validate()` says what is wrong instead). A valid chart comes back unchanged but for the bodies' houses,
    /// which the cusps decide. The repairs: longitudes brought into 0..<360, a body whose longitude is not a
    /// number left out (and a repeated one), cusps that are not twelve in zodiac order replaced by equal houses
    /// from the Ascendant, an angle that is not a number taken from the cusps, an unusable latitude or speed
    /// dropped, an aspect with an orb beyond ±`ChartLimits.maxOrb` or a body not in the chart left out, and the
    /// house system's (and the one it replaced) and the zodiac's names cut down to showable text.
    public func drawable() -> NatalChart {
        func longitude(_ value: Double) -> Double? { value.isFinite ? normalizedDegrees(value) : nil }
        var cusps = self.cusps.map { longitude($0) ?? .nan }
        if ChartLimits.cuspsProblem(cusps) != nil {
            let first = longitude(ascendant) ?? 0
            cusps = (0..<12).map { normalizedDegrees(first + Double($0) * 30) }
        }
        var seen: Set<BodyID> = []
        var bodies: [Body] = []
        for body in self.bodies {
            guard let place = longitude(body.longitude), seen.insert(body.id).inserted else { continue }
            let latitude = body.latitude.flatMap { ChartLimits.latitudeProblem($0) == nil ? $0 : nil }
            let speed = body.speed.flatMap { $0.isFinite ? $0 : nil }
            bodies.append(Body(unchecked: body.id, longitude: place, latitude: latitude, speed: speed, retrograde: body.retrograde, house: nil))
        }
        let aspects = self.aspects?.filter { aspect in
            aspect.first != aspect.second && seen.contains(aspect.first) && seen.contains(aspect.second)
                && aspect.orb.map { ChartLimits.orbProblem($0) == nil } ?? true
        }
        let houseSystem = self.houseSystem.map { ChartLimits.showable($0, limit: ChartLimits.maxHouseSystemScalars) }
        var chart = NatalChart(unchecked: bodies, cusps: cusps, ascendant: longitude(ascendant) ?? cusps[0],
                               midheaven: longitude(midheaven) ?? cusps[9], aspects: aspects,
                               houseSystem: houseSystem?.isEmpty == true ? nil : houseSystem)
        for index in chart.bodies.indices { chart.bodies[index].house = chart.house(of: chart.bodies[index].longitude) }
        chart.houseSystemRequested = houseSystemRequested.map { ChartLimits.showable($0, limit: ChartLimits.maxHouseSystemScalars) }
            .flatMap { $0.isEmpty ? nil : $0 }
        chart.zodiac = zodiac.map { ChartLimits.showable($0, limit: ChartLimits.maxHouseSystemScalars) }.flatMap { $0.isEmpty ? nil : $0 }
        return chart
    }
}
