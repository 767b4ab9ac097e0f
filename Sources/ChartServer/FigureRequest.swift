import BirthPlaces
import ChartModel
import Ephemeris
import Foundation
import Geometry
import Hummingbird
import Support
import WheelRender

/// One `/v1` drawing request, read as the CLI reads the same inputs: a chart (`chart`, any format `wheel render`
/// reads) or a birth (`birth`, any birth `--birth` reads, `place` included), an optional second chart (`outer`: a
/// chart or a birth; or `transits`: a moment), the rendering options by their file names (`options`), the format
/// (`format`, else the `Accept` header, else `options.image_type`, else SVG), `strict`, and a sheet's `page_width`.
/// The words are in `options.language`, else the language `Accept-Language` prefers, else English.
/// Errors are problems whose detail is the CLI's message with the field's path in the body (`birth.date: …`); a
/// `language` not among the ten is 400, other options refused 422.
@available(macOS 14, iOS 17, tvOS 17, *)
struct FigureRequest {
    var chart: NatalChart
    var outer: OuterChart?
    var options: RenderOptions
    var format: RenderOptions.ImageType
    var pageWidth: Int?
    /// What the CLI would print as warnings, said in the answer's `Wheel-Warnings` header.
    var warnings: [String] = []

    static let fields = ["chart", "birth", "outer", "transits", "options", "format", "strict", "page_width"]

    /// Reads `body` for `figure` (`.wheel` becomes `.biWheel` with a second chart); `accept` is the request's
    /// `Accept` header, `preferred` the language its `Accept-Language` prefers (nil: English).
    init(_ body: Data, drawing figure: FigureKind, accept: String?, language preferred: Language? = nil, now: Date = Date()) throws {
        let parts = try RequestParts(body, fields: Self.fields)
        let strict = try parts.flag("strict") ?? false
        // The options first: their house system is the one a birth is computed in, as `--house-system` is. They are
        // laid over the header's language, so that a `language` of their own wins (null: the default, English).
        options = RenderOptions()
        options.language = preferred ?? .fallback
        var figure = figure
        if parts["outer"] != nil || parts["transits"] != nil {
            guard figure != .table else { throw Problem(.unprocessableContent, "outer: the element table draws one chart", field: "outer") }
            if figure == .wheel { figure = .biWheel }
        }
        if let json = parts["options"] {
            do {
                try options.apply(json: json)
                for option in try RenderOptions.names(in: json) {
                    if let problem = option.problem(drawing: figure, flags: false) { warnings.append("options.\(option.name) \(problem); ignored") }
                }
            } catch {
                throw Problem(error, in: "options.", status: isLanguageError(error) ? .badRequest : .unprocessableContent)
            }
        }
        // Inner chart.
        var place: (latitude: Double, longitude: Double)?
        var innerSettings = ChartSettings()
        switch (parts["chart"], parts["birth"]) {
        case (.some, .some): throw Problem(.unprocessableContent, "birth: give chart or birth, not both", field: "birth")
        case (nil, nil): throw Problem(.unprocessableContent, "chart: give chart (chart JSON in any format) or birth (a birth object)", field: "chart")
        case (.some(let json), nil):
            if let name = options.chartSettings.givenNames.first {
                throw Problem(.unprocessableContent, "options.\(name): applies to a birth, computed here; chart JSON is drawn as it was computed",
                              field: "options.\(name)")
            }
            let decoded = try Self.decodeChart(json, strict: strict, at: "chart")
            chart = decoded.chart
            warnings += decoded.warnings.map { "chart: " + $0 }
        case (nil, .some(let json)):
            let computed = try Self.computeBirth(json, houseSystem: options.houseSystem, settings: options.chartSettings, strict: strict, at: "birth")
            chart = computed.chart
            innerSettings = computed.settings
            warnings += computed.warnings
            place = computed.place
            // The corner names the system the chart was computed in (Porphyry after a polar fallback).
            if options.houseSystem != nil { options.houseSystem = chart.houseSystem }
        }
        // Outer chart.
        switch (parts["outer"], try parts.string("transits")) {
        case (.some, .some): throw Problem(.unprocessableContent, "transits: give outer or transits, not both", field: "transits")
        case (.some(let json), nil):
            if BirthRequest.shape(of: json) != nil {
                let computed = try Self.computeBirth(json, houseSystem: nil, settings: options.chartSettings, strict: false, at: "outer")
                outer = OuterChart(chart: computed.chart, kind: .synastry)
                warnings += computed.warnings.map { "outer: " + $0 }
            } else {
                let decoded = try Self.decodeChart(json, strict: strict, at: "outer")
                outer = OuterChart(chart: decoded.chart, kind: .synastry)
                warnings += decoded.warnings.map { "outer: " + $0 }
            }
        case (nil, .some(let text)):
            do {
                outer = try ChartCalculator.transits(at: try ChartCalculator.moment(text, now: now), place: place, showing: chart,
                                                     settings: try Zodiac.transitSettings(innerSettings, over: chart))
            } catch {
                throw Problem(error, in: "transits.")
            }
        case (nil, nil): outer = nil
        }
        if figure == .biWheel, let problem = LayoutOptions.biWheelSizeProblem(options.chartSize) {
            throw Problem(.unprocessableContent, "options.\(RenderOption.chartSize.name): \(problem)", field: "options.\(RenderOption.chartSize.name)")
        }
        pageWidth = try parts.whole("page_width")
        if let pageWidth {
            guard figure == .sheet else { throw Problem(.unprocessableContent, "page_width: the width of a sheet (/v1/sheet)", field: "page_width") }
            if let problem = SheetLayout.widthProblem(pageWidth) { throw Problem(.unprocessableContent, "page_width: \(problem)", field: "page_width") }
        }
        format = try Self.format(parts.string("format"), accept: accept, options: options)
        warnings += WheelRenderer.warnings(for: options)
    }

    /// The figure to draw.
    func figure(_ kind: FigureKind) -> Figure {
        switch kind {
        case .grid: .aspectGrid(chart, outer: outer)
        case .table: .elementTable(chart)
        case .positions: .positionsTable(chart, outer: outer)
        case .sheet: .sheet(chart, outer: outer, width: pageWidth ?? SheetLayout.defaultWidth)
        case .wheel, .biWheel: .wheel(chart, outer: outer)
        }
    }

    /// `format` when given, else what `Accept` prefers of PNG and SVG, else the options' image type, else SVG.
    static func format(_ text: String?, accept: String?, options: RenderOptions) throws -> RenderOptions.ImageType {
        if let text {
            guard let format = RenderOptions.ImageType(rawValue: text.lowercased()) else {
                throw Problem(.unprocessableContent, "format: \(quote(text)) is not svg or png", field: "format")
            }
            return format
        }
        if let accept = accept?.lowercased() {
            let png = accept.range(of: "image/png"), svg = accept.range(of: "image/svg+xml")
            switch (png, svg) {
            case let (.some(png), .some(svg)): return png.lowerBound < svg.lowerBound ? .png : .svg
            case (.some, nil): return .png
            case (nil, .some): return .svg
            default: break
            }
        }
        return options.imageType ?? .svg
    }

    /// A chart in any format the CLI reads; errors at `path.`.
    static func decodeChart(_ json: Data, strict: Bool, at path: String) throws -> DecodedChart {
        do {
            return try ChartDecoder.decode(json, strict: strict)
        } catch {
            throw Problem(error, in: path + ".")
        }
    }

    /// A birth's chart, as `wheel chart --birth` computes it: the place filled in by name, the house system
    /// `houseSystem` (a name, from the options) else the birth's own else Placidus, the chart settings `choices`
    /// (the options') over the birth's own; an error in those is the options' (`options.ayanamsa`).
    static func computeBirth(_ json: Data, houseSystem name: String?, settings choices: ChartSettingsChoices = ChartSettingsChoices(),
                             strict: Bool, at path: String) throws
        -> (chart: NatalChart, warnings: [String], place: (latitude: Double, longitude: Double), settings: ChartSettings) {
        do {
            let request = try BirthRequest.decode(json, places: BirthPlaceResolver())
            let system = try name.map { try HouseSystem(name: $0) } ?? request.houseSystem ?? .placidus
            let settings: ChartSettings
            do {
                settings = try ChartSettings(choices, over: request.settings)
            } catch {
                throw Problem(error, in: path.isEmpty ? "" : "options.")
            }
            var computed = try ChartCalculator.chart(for: request.birth, houseSystem: system, strict: strict, settings: settings)
            computed.chart.take(request.place)
            return (computed.chart, request.warnings + computed.warnings, (request.birth.latitude, request.birth.longitude), settings)
        } catch let error as ChartError {
            // A whole body that is not JSON, or not an object, is 400 as on every route; a birth inside one, 422.
            let malformed = path.isEmpty && error.path.isEmpty
            throw Problem(error, in: path.isEmpty ? "" : path + ".", status: malformed ? .badRequest : .unprocessableContent)
        }
    }
}

/// The members of a request's JSON object, each as its bytes: handed on whole to the decoder of its part, so
/// numbers reach it as written. An unknown member is refused, with the fields there are.
@available(macOS 14, iOS 17, tvOS 17, *)
struct RequestParts {
    private var members: [String: Data] = [:]

    init(_ body: Data, fields: [String]) throws {
        do {
            members = try JSONDocument.parse(body) { root throws(ChartError) in
                var members: [String: Data] = [:]
                for (key, node) in try root.object().entries {
                    guard fields.contains(key) else {
                        throw ChartError(key, "not a field of this request; the fields are " + fields.joined(separator: ", "))
                    }
                    // The document types each field without null: a null is refused, not read as the field left out.
                    guard !node.isNull else { throw ChartError(key, "is null; give a value or leave the field out") }
                    members[key] = node.source
                }
                return members
            }
        } catch {
            throw Problem(error, status: error.path.isEmpty ? .badRequest : .unprocessableContent)
        }
    }

    subscript(key: String) -> Data? { members[key] }

    func string(_ key: String) throws -> String? {
        guard let data = members[key] else { return nil }
        return try read(data, key) { node throws(ChartError) in try node.string() }
    }

    func flag(_ key: String) throws -> Bool? {
        guard let data = members[key] else { return nil }
        return try read(data, key) { node throws(ChartError) in try node.boolean() }
    }

    func whole(_ key: String) throws -> Int? {
        guard let data = members[key] else { return nil }
        return try read(data, key) { node throws(ChartError) in try node.wholeNumber(in: Int(Int32.min)...Int(Int32.max)) }
    }

    private func read<T>(_ data: Data, _ key: String, _ body: (JSONNode) throws(ChartError) -> T) throws -> T {
        do {
            return try JSONDocument.parse(data, at: JSONPath(components: key), body)
        } catch {
            throw Problem(error)
        }
    }
}
