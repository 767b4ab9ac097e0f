import ChartModel
import Foundation

extension WheelLayout {
    /// Lays out `chart` for `options`: excluded bodies removed, aspects resolved, every glyph placed. What
    /// cannot be drawn is repaired first (`NatalChart.drawable()`, `LayoutOptions.drawable()`). With `cuspBand`
    /// above zero, a band that deep between the aspect circle and where the lines start, for cusp degree labels.
    ///
    /// The band of connector lanes is as deep as the chart's connectors need: one lane unless their arcs overlap.
    /// The deeper band moves the columns in, which may change the lanes they need, so the layout is made again
    /// with the lanes the last one asked for, twice at most; whatever is still short is packed closer.
    ///
    /// With `outer`, a bi-wheel: the outer chart's bodies on a ring of their own between the zodiac band and the
    /// inner chart's, in the inner chart's houses (its angles and cusps are their walls too), and the aspects
    /// drawn are the cross-aspects (with the outer chart's orbs), and the inner chart's own with `innerAspects`.
    init(chart input: NatalChart, outer: OuterChart?, options: LayoutOptions, cuspBand: Double) {
        var options = options.drawable()
        if outer != nil { options.chartSize = max(options.chartSize, LayoutOptions.biWheelSizeRange.lowerBound) }
        let drawn = DrawnCharts(chart: input, outer: outer, options: options)
        let (chart, outerChart, crossAspects) = (drawn.inner, drawn.outer, drawn.crossAspects)
        var lanes = (inner: 1, outer: 1)
        self.init(prepared: chart, outer: outerChart, cross: crossAspects, options: options, lanes: lanes, cuspBand: cuspBand)
        for _ in 0..<2 {
            let needed = (inner: min(connectorLanesNeeded(.inner), WheelDimensions.mostLanes), outer: min(connectorLanesNeeded(.outer), WheelDimensions.mostLanes))
            guard needed.inner > lanes.inner || needed.outer > lanes.outer else { break }
            lanes = (max(needed.inner, lanes.inner), max(needed.outer, lanes.outer))
            self.init(prepared: chart, outer: outerChart, cross: crossAspects, options: options, lanes: lanes, cuspBand: cuspBand)
        }
    }

    /// How many lanes the connectors of a ring need so that none crosses or shares a stretch of lane with another.
    func connectorLanesNeeded(_ ring: Ring) -> Int {
        let moved = bodies.filter { $0.connector != nil && $0.ring == ring }
        return (ConnectorLanes.levels(moved.map { ($0.trueAngle, $0.glyphAngle) }).max() ?? 0) + 1
    }

    /// The dimensions for `lanes`; a bi-wheel's outer ring as deep as its deepest column reaches.
    private static func dimensions(_ options: LayoutOptions, lanes: (inner: Int, outer: Int), biWheel: Bool) -> WheelDimensions {
        let hasTitle = options.title != nil
        guard biWheel else { return WheelDimensions(size: options.chartSize, hasTitle: hasTitle, lanes: lanes.inner) }
        let sized = WheelDimensions(size: options.chartSize, hasTitle: hasTitle, lanes: lanes.inner, outer: (lanes.outer, 0))
        let reach = deepestColumnReach(dims: sized, polar: Polar(center: sized.center), limit: sized.outerRing!.columnLimit,
                                       form: ColumnForm.forms(for: sized)[0])
        return WheelDimensions(size: options.chartSize, hasTitle: hasTitle, lanes: lanes.inner,
                               outer: (lanes.outer, sized.zodiacInner - reach + sized.gap))
    }

    private init(prepared chart: NatalChart, outer outerChart: NatalChart?, cross: [CrossAspect], options: LayoutOptions,
                 lanes: (inner: Int, outer: Int), cuspBand: Double) {
        let dims = Self.dimensions(options, lanes: lanes, biWheel: outerChart != nil)
        let polar = Polar(center: dims.center)
        let asc = chart.ascendant
        func screenAngle(_ longitude: Double) -> Double { normalizedDegrees(180 + (longitude - asc)) }

        size = dims.size
        center = dims.center
        ascendant = asc
        midheaven = chart.midheaven
        detail = dims.detail
        title = options.title.map {
            Title(text: $0, baseline: Point(x: dims.size / 2, y: (dims.titleBand * 0.68).rounded()), fontSize: dims.titleBand * 0.5)
        }

        signs = ZodiacSign.allCases.map { sign in
            let start = screenAngle(sign.startLongitude)
            let middle = polar.point(radius: (dims.radius + dims.zodiacInner) / 2, angle: start + 15)
            return SignSector(sign: sign, startAngle: start, endAngle: start + 30,
                              glyph: GlyphRun([.forSign(sign)], center: middle, height: dims.signGlyph))
        }
        ticks = WheelLayout.degreeTicks(dims: dims, polar: polar, screenAngle: screenAngle)

        // The angles' axes are walls no body crosses; the cusps are walls too where their houses have room.
        let angleKinds: [(AngleMark.Kind, Double, [Glyph])] = [
            (.AC, asc, [.letterA, .letterC]), (.DC, normalizedDegrees(asc + 180), [.letterD, .letterC]),
            (.MC, chart.midheaven, [.letterM, .letterC]), (.IC, normalizedDegrees(chart.midheaven + 180), [.letterI, .letterC]),
        ]
        let axisAngles = angleKinds.map { screenAngle($0.1) }
        let cuspWalls = chart.cusps.map { CircularPlacer.Wall(angle: screenAngle($0), isHard: false) }
        // The cusps of the 1st, 4th, 7th and 10th houses begin the quadrants and are read as angles (they are the
        // angles in quadrant systems, and drawn as strongly in the others): they hold as the axes do.
        let walls = axisAngles.map { CircularPlacer.Wall(angle: $0, isHard: true) }
            + cuspWalls.enumerated().map { index, cusp in CircularPlacer.Wall(angle: cusp.angle, isHard: index % 3 == 0) }
        // Each body's column in every form, from the full one down; at sizes without minutes the first two are one.
        let forms = ColumnForm.forms(for: dims)
        let bodyBuilders = forms.map { form in
            chart.bodies.map { WheelLayout.columnBuilder(first: ([.forBody($0.id)], dims.bodyGlyph), longitude: $0.longitude, retrograde: $0.retrograde,
                                                          dims: dims, polar: polar, form: form) }
        }
        let bodyTargets = chart.bodies.map { CircularPlacer.Item(target: screenAngle($0.longitude)) }
        let labelBuilders = angleKinds.map { WheelLayout.columnBuilder(first: ($0.2, dims.angleLetters), longitude: $0.1, retrograde: false, dims: dims, polar: polar,
                                                                       form: forms[0]) }
        // House numbers hug a ring inside the deepest column any body can have, so they never meet a label.
        let houseLimit = WheelLayout.deepestColumnReach(dims: dims, polar: polar) - dims.gap
        let middles = WheelLayout.houseMiddles(cuspWalls)
        let numberPlacement = WheelLayout.placeHouseNumbers(cuspWalls: cuspWalls, middles: middles, limit: houseLimit, height: dims.houseNumber, dims: dims, polar: polar)
        let cuspLines = cuspWalls.map { Segment(from: dims.center, to: polar.point(radius: dims.zodiacInner, angle: $0.angle)) }
        // The angle labels give way to the bodies and to the house numbers that had to move out of a narrow house:
        // each takes the nearest free place beside its axis. Where a crowd leaves a label no place at all, the
        // glyphs shrink a step and everything is placed again.
        var largestScale = 1.0
        var bodyPlacement: ColumnPlacement
        var bodyForms: [ColumnForm]
        var numbers: [GlyphRun]
        var labels: (columns: [Column], allFree: Bool)
        // The outer ring's bodies meet nothing of the inner ring's: they are placed once, on their own.
        let outerPlaced = outerChart.map { WheelLayout.placeOuterBodies($0, dims: dims, polar: polar, forms: forms, walls: walls,
                                                                                cusps: cuspWalls.map(\.angle), screenAngle: screenAngle) }
        repeat {
            (bodyPlacement, bodyForms) = WheelLayout.placeBodies(bodyBuilders, forms: forms, targets: bodyTargets, walls: walls, clearance: dims.gap,
                                                                 largestScale: largestScale,
                                                                 roomy: WheelLayout.roomyWalls(walls, cusps: cuspWalls.map(\.angle), targets: bodyTargets, size: dims.size))
            let bodyBoxes = bodyPlacement.columns.flatMap(\.boxes)
            numbers = numberPlacement.columns.map { $0.runs[0] }
            for index in numbers.indices {
                let others = numbers.indices.filter { $0 != index }.map { numbers[$0].box }
                numbers[index] = WheelLayout.outOfTheCusps(numbers[index], between: (cuspLines[index], cuspLines[(index + 1) % 12]), middle: middles[index],
                                                           upTo: dims.columnLimit, avoiding: bodyBoxes + others, gap: dims.gap, polar: polar)
            }
            labels = WheelLayout.placeAngleLabels(labelBuilders, axes: axisAngles, cusps: cuspWalls.map(\.angle), quadrants: walls.filter(\.isHard).map(\.angle),
                                                  obstacles: bodyBoxes + numbers.map(\.box), clearance: dims.gap)
            largestScale = bodyPlacement.scale * 0.95
        } while !labels.allFree && bodyPlacement.scale > WheelLayout.smallestGlyphScale
        let columns = bodyPlacement.columns, labelColumns = labels.columns, labelsFound = labels.allFree
        houseNumbers = numbers.enumerated().map { HouseNumber(house: $0 + 1, run: $1) }

        let houseDiagonal = hypot(GlyphRun.width(of: [.digit1, .digit2], height: dims.houseNumber), dims.houseNumber)
        var rings = Rings(outer: dims.radius, zodiacInner: dims.zodiacInner, markerInner: dims.markerInner, connectorLane: dims.connectorLane,
                      houseNumbers: houseLimit - houseDiagonal / 2, aspect: houseLimit - houseDiagonal - dims.gap - cuspBand,
                      cuspBand: cuspBand > 0 ? houseLimit - houseDiagonal - dims.gap : nil)

        angles = angleKinds.enumerated().map { index, angle in
            let a = screenAngle(angle.1), direction = polar.direction(a)
            // The axis stops at the zodiac band: through it, it would cut the sign glyphs.
            return AngleMark(kind: angle.0, longitude: angle.1, angle: a,
                             axis: Segment(from: polar.point(radius: rings.cuspBand ?? rings.aspect, direction: direction), to: polar.point(radius: dims.zodiacInner, direction: direction)),
                             column: labelColumns[index])
        }

        cusps = chart.cusps.enumerated().map { index, longitude in
            let a = screenAngle(longitude), direction = polar.direction(a)
            let onAngle = [asc, chart.midheaven].contains { abs(angleDifference(longitude, $0)) < 0.01 || abs(angleDifference(longitude, $0 + 180)) < 0.01 }
            return Cusp(house: index + 1, longitude: longitude, angle: a,
                        line: Segment(from: polar.point(radius: rings.cuspBand ?? rings.aspect, direction: direction), to: polar.point(radius: dims.zodiacInner, direction: direction)),
                        isAngle: onAngle)
        }
        let outerPlacement = outerPlaced?.placement
        // A cusp counts as crossed where a glyph of either ring lies on its other side from its body's longitude, near it.
        let placed = Array(zip(chart.bodies, columns)) + Array(zip(outerChart?.bodies ?? [], outerPlacement?.columns ?? []))
        let crossedCusps = chart.cusps.indices.filter { index in
            let cusp = walls[axisAngles.count + index]
            return !cusp.isHard && placed.contains { body, column in
                let trueSide = angleDifference(screenAngle(body.longitude), cusp.angle), glyphSide = angleDifference(column.angle, cusp.angle)
                return abs(trueSide) < 45 && trueSide != 0 && (trueSide > 0) != (glyphSide > 0)
            }
        }
        placement = PlacementReport(
            glyphScale: min(bodyPlacement.scale, outerPlacement?.scale ?? 1),
            shortenedColumns: zip(chart.bodies, bodyForms).filter { $0.1 != forms[0] }.map(\.0.id)
                + zip(outerChart?.bodies ?? [], outerPlaced?.forms ?? []).filter { $0.1 != forms[0] }.map(\.0.id),
            crossedCusps: crossedCusps.map { $0 + 1 },
            anglesHeld: bodyPlacement.anglesHeld && outerPlacement?.anglesHeld != false,
            isOverlapFree: bodyPlacement.isOverlapFree && labelsFound && numberPlacement.isOverlapFree && outerPlacement?.isOverlapFree != false)

        let markerTop = dims.outerRing?.divider ?? dims.zodiacInner
        bodies = WheelLayout.bodyPlacements(chart.bodies, columns: columns, ring: .inner, houses: chart, markers: (markerTop, dims.markerInner),
                                            lanes: (dims.connectorLane, dims.lanes, dims.columnLimit), dims: dims, polar: polar,
                                            aspectRadius: rings.aspect, screenAngle: screenAngle)
        if let outerChart, let outerPlaced, let ring = dims.outerRing {
            bodies += WheelLayout.bodyPlacements(outerChart.bodies, columns: outerPlaced.placement.columns, ring: .outer, houses: chart,
                                                 markers: (dims.zodiacInner, dims.zodiacInner - dims.tickTen),
                                                 lanes: (ring.connectorLane, ring.lanes, ring.columnLimit), dims: dims, polar: polar,
                                                 aspectRadius: rings.aspect, screenAngle: screenAngle)
            rings.divider = ring.divider
        }
        self.rings = rings
        crossAspects = cross

        // A search through the few bodies is quicker than hashing their names for a dictionary.
        let ends = bodies.map { (id: $0.id, ring: $0.ring, trueAngle: $0.trueAngle, aspectPoint: $0.aspectPoint) }
        let pairs = (chart.aspects ?? []).map { ($0.first, Ring.inner, $0.second, Ring.inner, $0.kind, $0.orb) }
            + cross.map { ($0.inner, Ring.inner, $0.outer, Ring.outer, $0.kind, Optional($0.orb)) }
        aspects = pairs.compactMap { first, firstRing, second, secondRing, kind, orb in
            guard let a = ends.first(where: { $0.id == first && $0.ring == firstRing }),
                  let b = ends.first(where: { $0.id == second && $0.ring == secondRing }) else { return nil }
            var arc: Arc?
            if kind == .conjunction {
                // Sweep the short way from the first body to the second.
                let d = angleDifference(b.trueAngle, a.trueAngle)
                arc = Arc(radius: rings.aspect - 2.5 * dims.gap, startAngle: d >= 0 ? a.trueAngle : b.trueAngle, endAngle: (d >= 0 ? a.trueAngle : b.trueAngle) + abs(d))
            }
            return AspectChord(first: first, second: second, kind: kind, orb: orb, from: a.aspectPoint, to: b.aspectPoint, arc: arc,
                               firstRing: firstRing, secondRing: secondRing)
        }
    }

    /// The placements of one ring's bodies: markers at their true longitudes from `markers.top` in, connectors in
    /// the ring's lanes, houses those of the inner chart.
    private static func bodyPlacements(_ list: [Body], columns: [Column], ring: Ring, houses: NatalChart, markers: (top: Double, inner: Double),
                                       lanes: (connector: Double, count: Int, columnLimit: Double), dims: WheelDimensions, polar: Polar,
                                       aspectRadius: Double, screenAngle: (Double) -> Double) -> [BodyPlacement] {
        let trueAngles = list.map { screenAngle($0.longitude) }
        let laneRadii = laneRadii(markers: trueAngles, glyphs: columns.map(\.angle), connectorLane: lanes.connector, lanes: lanes.count, dims: dims)
        return list.enumerated().map { index, body in
            let column = columns[index]
            let trueAngle = trueAngles[index], trueDirection = polar.direction(trueAngle)
            let markerEnd = polar.point(radius: markers.inner, direction: trueDirection)
            return BodyPlacement(
                id: body.id, longitude: body.longitude, retrograde: body.retrograde,
                house: ring == .inner ? body.house ?? houses.house(of: body.longitude) : houses.house(of: body.longitude),
                trueAngle: trueAngle, glyphAngle: column.angle, column: column,
                marker: Segment(from: polar.point(radius: markers.top, direction: trueDirection), to: markerEnd),
                connector: laneRadii[index].map { lane in
                    Connector(start: markerEnd, lane: Arc(radius: lane, startAngle: trueAngle, endAngle: trueAngle + angleDifference(column.angle, trueAngle)),
                              end: polar.point(radius: lanes.columnLimit, angle: column.angle))
                },
                aspectPoint: polar.point(radius: aspectRadius, direction: trueDirection),
                ring: ring)
        }
    }

    /// A bi-wheel's outer bodies, placed quadrant by quadrant as the inner ones, within the same walls, on the
    /// outer ring.
    private static func placeOuterBodies(_ chart: NatalChart, dims: WheelDimensions, polar: Polar, forms: [ColumnForm], walls: [CircularPlacer.Wall],
                                         cusps: [Double], screenAngle: (Double) -> Double) -> (placement: ColumnPlacement, forms: [ColumnForm]) {
        let limit = dims.outerRing!.columnLimit
        let builders = forms.map { form in
            chart.bodies.map { columnBuilder(first: ([.forBody($0.id)], dims.bodyGlyph), longitude: $0.longitude, retrograde: $0.retrograde,
                                             dims: dims, polar: polar, form: form, limit: limit) }
        }
        let targets = chart.bodies.map { CircularPlacer.Item(target: screenAngle($0.longitude)) }
        return placeBodies(builders, forms: forms, targets: targets, walls: walls, clearance: dims.gap, largestScale: 1,
                           roomy: roomyWalls(walls, cusps: cusps, targets: targets, size: dims.size))
    }

    /// The radius of each moved glyph's connector lane (`nil` for a glyph on its longitude): nested as
    /// `ConnectorLanes` orders them, `lanePitch` apart from the columns' side out, packed closer when a crowd
    /// needs more lanes than the band has.
    private static func laneRadii(markers: [Double], glyphs: [Double], connectorLane: Double, lanes: Int, dims: WheelDimensions) -> [Double?] {
        let moved = markers.indices.filter { abs(angleDifference(glyphs[$0], markers[$0])) > 0.3 }
        let levels = ConnectorLanes.levels(moved.map { (markers[$0], glyphs[$0]) })
        let highest = levels.max() ?? 0
        let pitch = highest < lanes ? dims.lanePitch : dims.lanePitch * Double(lanes - 1) / Double(highest)
        var radii = [Double?](repeating: nil, count: markers.count)
        for (index, level) in zip(moved, levels) { radii[index] = connectorLane + Double(level) * pitch }
        return radii
    }

    private static func degreeTicks(dims: WheelDimensions, polar: Polar, screenAngle: (Double) -> Double) -> [Tick] {
        var ticks: [Tick] = []
        ticks.reserveCapacity(dims.detail.showOneDegreeTicks ? 360 : 72)
        for degree in 0..<360 {
            let kind: Tick.Kind, length: Double
            switch degree {
            case _ where degree % 30 == 0: (kind, length) = (.sign, dims.tickTen)
            case _ where degree % 10 == 0: (kind, length) = (.ten, dims.tickTen)
            case _ where degree % 5 == 0: (kind, length) = (.five, dims.tickFive)
            default:
                guard dims.detail.showOneDegreeTicks else { continue }
                (kind, length) = (.one, dims.tickOne)
            }
            let direction = polar.direction(screenAngle(Double(degree)))
            // Sign boundaries run across the zodiac band as well.
            let outer = kind == .sign ? dims.radius : dims.zodiacInner
            ticks.append(Tick(kind: kind, line: Segment(from: polar.point(radius: dims.zodiacInner - length, direction: direction),
                                                        to: polar.point(radius: outer, direction: direction))))
        }
        return ticks
    }

    /// How much of a column is drawn, from all of it to the glyph alone. A quadrant too narrow for its columns even
    /// at half-size glyphs draws shorter ones, which need less angle (their inner runs, nearer the centre, are the
    /// widest in angle), rather than let a column cross an angle.
    enum ColumnForm: Int, CaseIterable, Comparable, Sendable {
        /// Glyph, degrees, sign, and minutes where the size shows them.
        case full
        case withoutMinutes
        case withoutSign
        case glyphOnly
        /// Glyphs alone, in two rows: each column's neighbours pass under or over it.
        case twoRows
        /// A bi-wheel's: the glyph, then degrees and sign over minutes and ℞ in one block (degrees, sign and ℞ on
        /// one line at sizes without minutes). Two rings of columns as deep as a single wheel's would leave the
        /// aspect circle no room.
        case compact

        static func < (a: ColumnForm, b: ColumnForm) -> Bool { a.rawValue < b.rawValue }

        /// The forms tried, from the fullest: a bi-wheel starts from `compact`, below 400 px from `withoutSign`;
        /// without minutes at small sizes the first two forms of a single wheel are one.
        static func forms(for dims: WheelDimensions) -> [ColumnForm] {
            guard dims.outerRing == nil else { return dims.size < 400 ? [.withoutSign, .glyphOnly, .twoRows] : [.compact, .withoutSign, .glyphOnly, .twoRows] }
            return [.full, .withoutMinutes, .withoutSign, .glyphOnly, .twoRows].filter { dims.detail.showMinutes || $0 != .withoutMinutes }
        }
    }

    /// Glyph or letters, then degrees, sign and minutes; the retrograde mark follows the minutes (or the degrees
    /// when the size or the form shows no minutes) rather than taking a row of its own, which keeps columns shallow.
    private static func columnBuilder(first: ([Glyph], Double), longitude: Double, retrograde: Bool, dims: WheelDimensions, polar: Polar,
                                      form: ColumnForm = .full, limit: Double? = nil) -> ColumnBuilder {
        let place = DegreesMinutes(withinSign: longitude)
        var degrees = GlyphRun.number(place.degrees, mark: .degree, digits: 1)
        let sign: [Glyph] = [.forSign(ZodiacSign(longitude: longitude))]
        let runs: [(glyphs: [Glyph], height: Double)]
        if form == .compact {
            // Degrees and sign side by side, the minutes under them: a block as wide as `22°♑` and two lines deep.
            var last = dims.detail.showMinutes ? GlyphRun.number(place.minutes, mark: .minute) : []
            if retrograde { last.append(.retrograde) }
            runs = [first, (degrees, dims.label), (sign, dims.smallSign)] + (last.isEmpty ? [] : [(last, dims.label)])
            let lines = last.isEmpty ? [1..<3] : [1..<3, 3..<4]
            return ColumnBuilder(runs: runs, outerLimit: limit ?? dims.columnLimit, gap: dims.gap, polar: polar, blocks: [[0..<1], lines])
        } else if dims.detail.showMinutes && form == .full {
            var minutes = GlyphRun.number(place.minutes, mark: .minute)
            if retrograde { minutes.append(.retrograde) }
            runs = [first, (degrees, dims.label), (sign, dims.smallSign), (minutes, dims.label)]
        } else {
            if retrograde { degrees.append(.retrograde) }
            switch form {
            case .full, .withoutMinutes: runs = [first, (degrees, dims.label), (sign, dims.smallSign)]
            case .withoutSign: runs = [first, (degrees, dims.label)]
            case .glyphOnly, .twoRows, .compact: runs = [first]
            }
        }
        return ColumnBuilder(runs: runs, outerLimit: limit ?? dims.columnLimit, gap: dims.gap, polar: polar)
    }

    /// Each angle's label at the nearest place beside its axis that is clear of every cusp where there is room,
    /// else clear of the axes and the quadrants' cusps at least, and clear of the obstacles and the labels before
    /// it; `allFree` is false when some label found no such place.
    private static func placeAngleLabels(_ builders: [ColumnBuilder], axes: [Double], cusps: [Double], quadrants: [Double],
                                         obstacles: [Box], clearance: Double) -> (columns: [Column], allFree: Bool) {
        var obstacles = obstacles
        var allFree = true
        let columns = zip(builders, axes).map { builder, axis in
            let everyLine = freePlace(for: builder, beside: axis, lines: axes + cusps, obstacles: obstacles, clearance: clearance)
            let found = everyLine.isFree ? everyLine : freePlace(for: builder, beside: axis, lines: axes + quadrants, obstacles: obstacles, clearance: clearance)
            allFree = allFree && found.isFree
            obstacles += found.column.boxes
            return found.column
        }
        return (columns, allFree)
    }

    /// The least angle from `axis` (counter-clockwise when `after`, clockwise otherwise) at which the column's
    /// boxes clear the axis line from the centre out to the column's limit by `clearance`.
    static func clearAngle(_ builder: ColumnBuilder, from axis: Double, after: Bool, scale: Double = 1, clearance: Double) -> Double {
        let line = Segment(from: builder.polar.center, to: builder.polar.point(radius: builder.outerLimit, angle: axis))
        let side = after ? 1.0 : -1.0
        func clear(_ delta: Double) -> Bool {
            var meets = false
            builder.forEachBox(at: axis + side * delta, scale: scale) { _, box in meets = meets || box.meets(line, clearance: clearance) }
            return !meets
        }
        // A column is at most a few degrees wide on any ring the sizes allow; 12 halvings of 45° land within 0.011°.
        var low = 0.0, high = 45.0
        for _ in 0..<12 {
            let mid = (low + high) / 2
            if clear(mid) { high = mid } else { low = mid }
        }
        return high
    }

    /// How a set of columns was placed, and the column of each.
    struct ColumnPlacement {
        var columns: [Column]
        /// Scale of the glyphs: below 1 when the ring was too crowded for full size.
        var scale: Double
        /// False when the hard walls had to give way, the glyphs at their smallest still too many for an arc.
        var anglesHeld: Bool
        /// False when even the smallest glyphs left some columns overlapping: the result is the last attempt, shown as it is.
        var isOverlapFree: Bool
    }

    /// The walls (by index into `walls`) that begin part of a roomy house: one at least 6° wide (between its
    /// cusps) for each body in it and one more, the allowance growing as 600 / size below 600 px. A roomy house
    /// holds its bodies however crowded, and they shrink instead; only a narrower one lets them cross its cusps.
    /// An axis inside a house (equal and whole-sign houses) splits it, and each part is as roomy as the house.
    static func roomyWalls(_ walls: [CircularPlacer.Wall], cusps: [Double], targets: [CircularPlacer.Item], size: Double) -> Set<Int> {
        let room = 6 * max(1, 600 / size)
        func house(of angle: Double) -> Int {
            let into = cusps.map { normalizedDegrees(angle - $0) }
            return into.indices.min { into[$0] < into[$1] }!
        }
        var bodies = [Int](repeating: 0, count: cusps.count)
        for target in targets { bodies[house(of: target.target)] += 1 }
        let roomy = cusps.indices.map { normalizedDegrees(cusps[($0 + 1) % cusps.count] - cusps[$0]) >= room * Double(bodies[$0] + 1) }
        return Set(walls.indices.filter { roomy[house(of: walls[$0].angle)] })
    }

    /// The smallest scale the glyphs shrink to before the walls of the angles give way.
    static let smallestGlyphScale = 0.5

    /// How far (in degrees) a glyph may wander from its longitude before its quadrant's glyphs shrink to bring it
    /// nearer: about four full-size columns at 600 px.
    static let wanderLimit = 20.0
    /// The least scale glyphs shrink to for wandering alone (not crowding): at 600 px still above the 16 px floor.
    static let wanderScale = 0.72

    /// Places the bodies quadrant by quadrant: the angles hold (no column crosses from one quadrant into the
    /// next), so each quadrant is placed on its own, and a crowded one shrinks its own glyphs, not the whole
    /// wheel's. A quadrant whose glyphs wander more than `wanderLimit` from their longitudes (a stellium pressed
    /// against an angle spreads one way only) shrinks its glyphs further, to `wanderScale`, which pulls them in.
    /// A quadrant that cannot hold its columns within its houses even at the smallest glyphs draws them shorter,
    /// form by form (`builders[k]` holds every body's column in `forms[k]`); where even glyphs alone do not fit, a
    /// crowd may push them over the cusps of roomier houses. Only when a quadrant cannot hold its bodies at all is
    /// the whole wheel placed at once, as `placeColumns` does, and the angles give way. `scale` in the result is
    /// the smallest scale used; `forms` the form of each body's column.
    static func placeBodies(_ builders: [[ColumnBuilder]], forms: [ColumnForm], targets: [CircularPlacer.Item], walls: [CircularPlacer.Wall],
                            clearance: Double, largestScale: Double, roomy: Set<Int> = []) -> (placement: ColumnPlacement, forms: [ColumnForm]) {
        let full = Array(repeating: forms[0], count: targets.count)
        let hard = Set(walls.filter(\.isHard).map { normalizedDegrees($0.angle) }).sorted()
        guard !hard.isEmpty else {
            return (placeColumns(builders[0], targets: targets, walls: walls, clearance: clearance, largestScale: largestScale, roomy: roomy), full)
        }
        // Each body in the quadrant its target is in: the one the last hard wall at or before it begins.
        let quadrants = Dictionary(grouping: targets.indices) { i in
            hard.lastIndex { $0 <= normalizedDegrees(targets[i].target) } ?? hard.count - 1
        }
        var columns = [Column?](repeating: nil, count: targets.count)
        var columnForms = full
        var smallest = 1.0
        for members in quadrants.values {
            // The members in the order the placer keeps, which alternates the rows of `twoRows`.
            let start = hard[hard.lastIndex { $0 <= normalizedDegrees(targets[members[0]].target) } ?? hard.count - 1]
            let ranked = members.indices.sorted { (normalizedDegrees(targets[members[$0]].target - start), $0) < (normalizedDegrees(targets[members[$1]].target - start), $1) }
            func place(_ form: Int, _ largest: Double, openingRoomyHouses: Bool) -> ColumnPlacement {
                var quadrant = members.map { builders[form][$0] }
                let twoRows = forms[form] == .twoRows
                if twoRows { for (rank, k) in ranked.enumerated() where rank % 2 == 1 { quadrant[k].innerRow = true } }
                return placeColumns(quadrant, targets: members.map { targets[$0] }, walls: walls, clearance: clearance, largestScale: largest,
                                    twoRows: twoRows, mayOpenRoomyHouses: openingRoomyHouses, mayCrossAngles: false, roomy: roomy)
            }
            func wander(_ placement: ColumnPlacement) -> Double {
                zip(members, placement.columns).map { abs(angleDifference($1.angle, targets[$0].target)) }.max() ?? 0
            }
            // Every form within the houses first, then every form with roomier houses opened.
            let tries = [false, true].flatMap { opening in builders.indices.map { (form: $0, opening: opening) } }
            var found: (placement: ColumnPlacement, form: Int, opening: Bool)?
            for attempt in tries {
                let placement = place(attempt.form, largestScale, openingRoomyHouses: attempt.opening)
                if placement.anglesHeld && placement.isOverlapFree { found = (placement, attempt.form, attempt.opening); break }
            }
            guard let (firstPlaced, form, opening) = found else {
                return (placeColumns(builders[0], targets: targets, walls: walls, clearance: clearance, largestScale: largestScale, roomy: roomy), full)
            }
            var placed = firstPlaced
            while wander(placed) > wanderLimit && placed.scale * 0.95 >= wanderScale {
                let smaller = place(form, placed.scale * 0.95, openingRoomyHouses: opening)
                guard smaller.anglesHeld && smaller.isOverlapFree && smaller.scale >= wanderScale else { break }
                placed = smaller
            }
            smallest = min(smallest, placed.scale)
            for (i, column) in zip(members, placed.columns) { columns[i] = column; columnForms[i] = forms[form] }
        }
        return (ColumnPlacement(columns: columns.map { $0! }, scale: smallest, anglesHeld: true, isOverlapFree: true), columnForms)
    }

    /// Places the columns around the ring without overlaps, each on the side of every wall its target is on:
    /// spacing grows when the boxes still touch, the glyphs shrink (to `smallestGlyphScale`) when an arc between
    /// walls is too crowded, and only then do the hard walls give way too. Each step is tried a fixed number of
    /// times; what it came to is in the result, never a silent fallback. No glyph is larger than `largestScale`.
    /// `mayOpenRoomyHouses` and `mayCrossAngles` allow the last two steps. With `twoRows` the builders alternate
    /// between the outer and the inner row in the placer's order.
    static func placeColumns(_ builders: [ColumnBuilder], targets: [CircularPlacer.Item], walls: [CircularPlacer.Wall],
                             clearance: Double, largestScale: Double = 1, twoRows: Bool = false,
                             mayOpenRoomyHouses: Bool = true, mayCrossAngles: Bool = true, roomy: Set<Int> = []) -> ColumnPlacement {
        var spacings = SpacingCache(count: builders.count)
        var boxes = ColumnBoxes(builders)
        var shrinking: [Double] = []
        var scale = 1.0
        while scale > smallestGlyphScale { shrinking.append(scale); scale *= 0.9 }
        shrinking.append(smallestGlyphScale)
        let softened = walls.map { CircularPlacer.Wall(angle: $0.angle, isHard: false) }
        // From the most faithful to the least: full-size glyphs, each in its house; glyphs down to 0.73 of their
        // size (at 600 px still above the 16 px floor) before any leaves its house; glyphs leaving houses too
        // narrow for them; at the smallest size, a crowd pushing the bodies of roomier houses out too; at last,
        // angles crossed.
        let passes: [(walls: [CircularPlacer.Wall], weakest: CircularPlacer.Hold, onlyOverfullOpen: Bool, scales: [Double], anglesHeld: Bool)] = [
            (walls, .centre, true, Array(shrinking.prefix(4)), true), (walls, .open, true, shrinking, true),
            (walls, .open, false, [smallestGlyphScale], true), (softened, .open, false, [smallestGlyphScale], false),
        ]
        var last: (angles: [Double], scale: Double)?
        for pass in passes where (pass.onlyOverfullOpen || mayOpenRoomyHouses) && (pass.anglesHeld || mayCrossAngles) {
            for scale in pass.scales where scale <= largestScale || scale == smallestGlyphScale {
                var margins: [MarginKey: Double] = [:]
                for inflate in [1.0, 1.15, 1.3225, 1.52] {
                    let placement = CircularPlacer.place(targets, walls: pass.walls, weakest: pass.weakest, onlyOverfullOpen: pass.onlyOverfullOpen,
                                                         roomy: roomy, spacing: { i, j, ai, aj in
                        let middle = (ai + aj) / 2
                        return inflate * spacings.spacing(i, j, middle: middle, scale: scale) {
                            let across = leastSpacing(builders, i, j, middle: middle, scale: scale, clearance: clearance)
                            guard twoRows else { return across }
                            // The next column in the same row is two steps on: half the spacing of two in one row per step.
                            return max(across, max(leastSpacing(builders, i, i, middle: middle, scale: scale, clearance: clearance),
                                                   leastSpacing(builders, j, j, middle: middle, scale: scale, clearance: clearance)) / 2)
                        }
                    }, clearance: { i, wall, after in
                        let key = MarginKey(item: i, wall: wall, after: after)
                        if let known = margins[key] { return known }
                        let margin = clearAngle(builders[i], from: wall, after: after, scale: scale, clearance: clearance / 2)
                        margins[key] = margin
                        return margin
                    })
                    // Too crowded between hard walls at this scale: smaller glyphs next.
                    guard let placement else { break }
                    boxes.fill(builders, angles: placement.angles, scale: scale)
                    last = (placement.angles, scale)
                    if !boxes.anyOverlap(clearance: clearance / 2) {
                        return ColumnPlacement(columns: builders.indices.map { builders[$0].column(at: placement.angles[$0], in: boxes.boxes(of: $0)) },
                                               scale: scale, anglesHeld: pass.anglesHeld, isOverlapFree: true)
                    }
                }
            }
        }
        // Nothing placed them apart: show the last attempt (or the true places) and say so.
        let angles = last?.angles ?? targets.map(\.target), finalScale = last?.scale ?? smallestGlyphScale
        return ColumnPlacement(columns: builders.indices.map { builders[$0].column(at: angles[$0], scale: finalScale) },
                               scale: finalScale, anglesHeld: false, isOverlapFree: false)
    }

    private struct MarginKey: Hashable {
        var item: Int
        var wall: Double
        var after: Bool
    }

    /// The column for `builder` nearest `axis` that clears every line (axes and cusps) and every obstacle: first just
    /// counter-clockwise of the axis (inside the house the axis begins), then alternately further out on each
    /// side, up to 60°; smaller when nothing is free at full size. `isFree` is false when no place was free at
    /// all, and the column then sits beside its axis regardless.
    static func freePlace(for builder: ColumnBuilder, beside axis: Double, lines angles: [Double], obstacles: [Box],
                          clearance: Double) -> (column: Column, isFree: Bool) {
        let lines = angles.map { Segment(from: builder.polar.center, to: builder.polar.point(radius: builder.outerLimit, angle: $0)) }
        for scale in [1.0, 0.85, 0.7, 0.55] {
            let after = axis + clearAngle(builder, from: axis, after: true, scale: scale, clearance: clearance)
            let before = axis - clearAngle(builder, from: axis, after: false, scale: scale, clearance: clearance)
            for step in 0...120 {
                for angle in [after + Double(step) * 0.5, before - Double(step) * 0.5] {
                    var free = true
                    builder.forEachBox(at: angle, scale: scale) { _, box in
                        guard free else { return }
                        free = !lines.contains { box.meets($0, clearance: clearance / 2) } && !obstacles.contains { box.overlaps($0, clearance: clearance / 2) }
                    }
                    if free { return (builder.column(at: normalizedDegrees(angle), scale: scale), true) }
                }
            }
        }
        return (builder.column(at: normalizedDegrees(axis + clearAngle(builder, from: axis, after: true, clearance: clearance))), false)
    }

    /// The least angle between columns `builders[i]` and `builders[j]` around `middle` beyond which none of their
    /// boxes touch. (The builders are passed as an array and indices, which borrows them in place rather than
    /// copying each with its arrays.)
    ///
    /// Near `middle` each box moves along the tangent as the columns part, so for each pair of boxes the angles
    /// at which they overlap form one interval, found in closed form; the answer is the end of the last one.
    /// The columns are taken at `middle` (their runs step a little differently a few degrees away); the
    /// placement checks the real boxes afterwards and widens the spacing if that ever matters.
    static func leastSpacing(_ builders: [ColumnBuilder], _ i: Int, _ j: Int, middle: Double, scale: Double, clearance: Double) -> Double {
        let polar = builders[i].polar, aCount = builders[i].runs.count, bCount = builders[j].runs.count
        let direction = polar.direction(middle)
        let tangent = (x: -direction.sin, y: -direction.cos)
        let center = polar.center
        // Each box with its centre's distance from the wheel's centre, on the stack: this runs hundreds of times.
        return withUnsafeTemporaryAllocation(of: (box: Box, distance: Double).self, capacity: aCount + bCount) { boxes in
            var count = 0
            func add(_ index: Int, _ box: Box) {
                let c = box.center
                boxes[count] = (box, ((c.x - center.x) * (c.x - center.x) + (c.y - center.y) * (c.y - center.y)).squareRoot())
                count += 1
            }
            builders[i].forEachBox(direction: direction, scale: scale, add)
            builders[j].forEachBox(direction: direction, scale: scale, add)
            var need = 0.0
            for (p, rp) in boxes[..<aCount] {
                for (q, rq) in boxes[aCount..<count] {
                    // The centres' offset at spacing Δ (radians): their offset at `middle` (along the radius, or
                    // across it too for the lines of a block) + Δ·(rp + rq)/2·tangent.
                    let pc = p.center, qc = q.center
                    let x = overlapInterval(offset: qc.x - pc.x, rate: (rp + rq) / 2 * tangent.x,
                                            half: (p.width + q.width) / 2 + clearance)
                    // A pair whose overlap ends by `need` cannot raise it.
                    guard x.high > need else { continue }
                    let y = overlapInterval(offset: qc.y - pc.y, rate: (rp + rq) / 2 * tangent.y,
                                            half: (p.height + q.height) / 2 + clearance)
                    let low = max(x.low, y.low, 0), high = min(x.high, y.high)
                    if low < high { need = max(need, high) }
                }
            }
            return need * 180 / .pi
        }
    }

    /// The Δ for which |offset + rate·Δ| < half.
    private static func overlapInterval(offset: Double, rate: Double, half: Double) -> (low: Double, high: Double) {
        guard abs(rate) > 1e-12 else { return abs(offset) < half ? (-.infinity, .infinity) : (0, 0) }
        let a = (-half - offset) / rate, b = (half - offset) / rate
        return (min(a, b), max(a, b))
    }

    /// `deepestColumnReach` for the dimensions last asked about: it depends on nothing else, and a service
    /// tends to draw one size over and over.
    private static let lastReach = LastValue<WheelDimensions, Double>()

    /// How near the centre the deepest column any body can have reaches, at its deepest angle, from the inner
    /// ring's column limit or from `limit`.
    private static func deepestColumnReach(dims: WheelDimensions, polar: Polar, limit: Double? = nil, form: ColumnForm? = nil) -> Double {
        let form = form ?? ColumnForm.forms(for: dims)[0]
        guard let limit else { return lastReach.value(for: dims) { sampledColumnReach(dims: dims, polar: polar, limit: nil, form: form) } }
        return sampledColumnReach(dims: dims, polar: polar, limit: limit, form: form)
    }

    private static func sampledColumnReach(dims: WheelDimensions, polar: Polar, limit: Double?, form: ColumnForm) -> Double {
        let deepest = columnBuilder(first: ([.sun], dims.bodyGlyph), longitude: 29.99, retrograde: true, dims: dims, polar: polar, form: form, limit: limit)
        // A column's shape depends only on |cos| and |sin| of its angle: one quadrant tells all. Between samples
        // 3° apart the reach changes by less than the clearance taken off. A block's lines are not: its first,
        // widest line faces the centre below the horizontal and not above it, and where the block steps in along
        // x rather than y the reach has a sharp peak, so a compact column is sampled all round, 1° apart.
        let sampled = stride(from: 0.0, through: form == .compact ? 359 : 90, by: form == .compact ? 1 : 3).map { angle in
            var nearest = Double.infinity
            deepest.forEachBox(at: angle) { _, box in nearest = min(nearest, box.distanceRange(from: polar.center).lowerBound) }
            return nearest
        }.min()!
        return sampled - dims.gap / 2
    }

    /// The screen angle halfway through each house.
    private static func houseMiddles(_ cuspWalls: [CircularPlacer.Wall]) -> [Double] {
        (0..<12).map { i in cuspWalls[i].angle + normalizedDegrees(cuspWalls[(i + 1) % 12].angle - cuspWalls[i].angle) / 2 }
    }

    /// House numbers, each inside its house and clear of its cusps where the house has room for it.
    private static func placeHouseNumbers(cuspWalls: [CircularPlacer.Wall], middles: [Double], limit: Double, height: Double, dims: WheelDimensions,
                                          polar: Polar) -> ColumnPlacement {
        let builders = (1...12).map { house in
            ColumnBuilder(runs: [(GlyphRun.decimal(house), height)],
                          outerLimit: limit, gap: 0, polar: polar)
        }
        return placeColumns(builders, targets: middles.map { CircularPlacer.Item(target: $0) }, walls: cuspWalls, clearance: dims.gap / 2)
    }
}

extension WheelLayout {
    /// A house number that a cusp line runs through (its house narrower than the number on the numbers' ring, as
    /// a sliver of a house is at small sizes) moves out along the middle of its house, where the house is wider,
    /// to the first place clear of both cusps and of every column and label; failing that, to the first where the
    /// lines pass the digits' outer margins only (a cell's edge is mostly padding); with neither up to `limit`, it
    /// shrinks, in the middle of its house on its ring, to 0.85 or 0.7 of its size, the first that the lines pass
    /// by its margins only; else it stays as it was.
    static func outOfTheCusps(_ run: GlyphRun, between cusps: (Segment, Segment), middle: Double, upTo limit: Double,
                              avoiding taken: [Box], gap: Double, polar: Polar) -> GlyphRun {
        func clear(_ box: Box) -> Bool { !box.meets(cusps.0, clearance: gap / 2) && !box.meets(cusps.1, clearance: gap / 2) }
        func marginsOnly(_ box: Box) -> Bool {
            let core = Box(x: box.x + 0.15 * box.width, y: box.y + 0.15 * box.height, width: 0.7 * box.width, height: 0.7 * box.height)
            return !core.meets(cusps.0) && !core.meets(cusps.1)
        }
        guard !clear(run.box) else { return run }
        let c = run.box.center
        let ring = hypot(c.x - polar.center.x, c.y - polar.center.y)
        for acceptable in [clear, marginsOnly] {
            var radius = ring
            while radius + run.height / 2 < limit {
                let moved = GlyphRun(run.glyphs, center: polar.point(radius: radius, angle: middle), height: run.height)
                if acceptable(moved.box) && !taken.contains(where: { $0.overlaps(moved.box, clearance: gap / 2) }) { return moved }
                radius += gap
            }
        }
        for scale in [0.85, 0.7] {
            let smaller = GlyphRun(run.glyphs, center: polar.point(radius: ring, angle: middle), height: run.height * scale)
            if marginsOnly(smaller.box) && !taken.contains(where: { $0.overlaps(smaller.box) }) { return smaller }
        }
        return run
    }
}

/// The least spacing of each pair of neighbouring columns, with the middle angle and scale it was found for.
///
/// A placement asks for the spacing of every neighbour pair on each of its iterations, and again on each
/// attempt with wider spacing; most pairs have not moved since they were last asked, and the answer then is
/// the same. It is kept by the pair's first column, since each column has one successor at a time.
struct SpacingCache {
    private var entries: [(next: Int, middle: Double, scale: Double, spacing: Double)?]

    init(count: Int) { entries = Array(repeating: nil, count: count) }

    /// The spacing from column `i` to column `j` around `middle` at `scale`: the remembered one if it was
    /// found for exactly these, otherwise `compute()`, remembered.
    mutating func spacing(_ i: Int, _ j: Int, middle: Double, scale: Double, compute: () -> Double) -> Double {
        if let entry = entries[i], entry.next == j, entry.middle == middle, entry.scale == scale { return entry.spacing }
        let spacing = compute()
        entries[i] = (j, middle, scale, spacing)
        return spacing
    }
}

/// The boxes of all columns at some angles, in one buffer that each placement attempt refills.
private struct ColumnBoxes {
    private var boxes: [Box] = []
    /// Where each column's boxes start in `boxes`; the last entry is the end of the last column.
    private let starts: [Int]
    /// The smallest and largest x and y any box of each column reaches, to skip pairs of columns far apart.
    private var extents: [(minX: Double, minY: Double, maxX: Double, maxY: Double)]

    init(_ builders: [ColumnBuilder]) {
        var starts = [0]
        for builder in builders { starts.append(starts[starts.count - 1] + builder.runs.count) }
        self.starts = starts
        boxes = Array(repeating: Box(x: 0, y: 0, width: 0, height: 0), count: starts[starts.count - 1])
        extents = Array(repeating: (0, 0, 0, 0), count: builders.count)
    }

    /// The boxes of `builders[k]` at `angles[k]`, as `column(at:scale:)` would place them.
    mutating func fill(_ builders: [ColumnBuilder], angles: [Double], scale: Double) {
        for (k, builder) in builders.enumerated() {
            var extent = (minX: Double.infinity, minY: Double.infinity, maxX: -Double.infinity, maxY: -Double.infinity)
            builder.forEachBox(at: angles[k], scale: scale) { index, box in
                boxes[starts[k] + index] = box
                extent = (min(extent.minX, box.x), min(extent.minY, box.y), max(extent.maxX, box.x + box.width), max(extent.maxY, box.y + box.height))
            }
            extents[k] = extent
        }
    }

    /// The boxes of column `k`, outside in.
    func boxes(of k: Int) -> ArraySlice<Box> { boxes[starts[k]..<starts[k + 1]] }

    /// Whether a box of one column overlaps a box of another, as `Box.overlaps(_:clearance:)` tells.
    func anyOverlap(clearance: Double) -> Bool {
        for i in extents.indices {
            for j in extents.indices where j > i {
                // No box reaches past its column's extent, so columns whose extents do not meet cannot overlap.
                let a = extents[i], b = extents[j]
                guard a.minX < b.maxX + clearance && b.minX < a.maxX + clearance
                    && a.minY < b.maxY + clearance && b.minY < a.maxY + clearance else { continue }
                for p in boxes[starts[i]..<starts[i + 1]] {
                    for q in boxes[starts[j]..<starts[j + 1]] where p.overlaps(q, clearance: clearance) { return true }
                }
            }
        }
        return false
    }
}
