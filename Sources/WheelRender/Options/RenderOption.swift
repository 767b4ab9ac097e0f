import ChartModel

/// One rendering option, declared once: its name in options files and request bodies, its command-line flag, the
/// kind of value it takes, its default, its help, the figures it applies to, whether it moves the layout, the
/// services' names for it, and how its value is read. Everything that reads or documents options works from
/// `RenderOption.all`: the options-file and request-body reader (`RenderOptions.apply(json:)`), the command
/// line's flags, the validation messages and the options table of the documentation.
public struct RenderOption: Sendable {
    /// The kind of value an option takes: what a flag expects and what the documentation says.
    public enum Value: Sendable, Equatable {
        /// A whole number in a range (`chart_size`).
        case wholeNumber(ClosedRange<Int>)
        /// Yes or no: as a flag `--legend` and `--no-legend` (also `--legend true`).
        case boolean
        /// One of a fixed set of words (`theme`: light, dark).
        case choice([String])
        /// `#rgb`, `#rrggbb` or a colour name.
        case colour
        /// `none` or a colour (`background`).
        case colourOrNone
        /// A line of text of at most this many Unicode scalars.
        case text(maxScalars: Int)
        /// An XML id's start: a letter or `_`, then letters, digits, `_` or `-`, at most this many (`id_prefix`).
        case identifier(maxLength: Int)
        /// Body names (`Node,Chiron`).
        case bodies
        /// Aspect names (`Conjunction,Trine`).
        case aspects
        /// Aspect name to colour (`Trine=#0a6cae,Square=red`).
        case aspectColours
        /// Aspect name to orb in degrees (`Trine=6,Square=5`).
        case orbs
        /// A JSON object of other options by the services' names (FreeAstrologyAPI's `wheel_chart_colors`).
        case group
        /// A number in a range, in a unit (`elevation`: metres).
        case number(ClosedRange<Double>, unit: String)
        /// A name among examples the reader knows more of (`ayanamsa`: tropical, lahiri, …); the reader checks it.
        case name(examples: [String])
    }

    /// The name in options files and request bodies, the services' own where they have it (`chart_size`).
    public let name: String
    /// The command-line flag without its dashes (`chart-size`), nil for an option files alone take.
    public let flag: String?
    /// Other spellings of the flag (`size`).
    public let flagAliases: [String]
    /// The form of the value it takes, which decides how it is read and shown.
    public let value: Value
    /// The default, as the documentation says it (`600`, `the theme's`).
    public let defaultText: String
    /// One line of help: what it changes (the value's form and default are added where shown).
    public let help: String
    /// The figures it changes; elsewhere it is refused on the command line and warned about in a file.
    public let figures: Set<FigureKind>
    /// Whether it moves things on the wheel (so `wheel layout` takes it), or only changes how they look.
    public let movesLayout: Bool
    /// AstrologyAPI's name for it in a `natal_wheel_chart` request, where it has one.
    public let astrologyAPIName: String?
    /// FreeAstrologyAPI's name for it in a `natal-wheel-chart` request's config (a member of
    /// `wheel_chart_colors` for the colours it groups), where it has one.
    public let freeAstrologyAPIName: String?

    let read: @Sendable (inout RenderOptions, OptionInput) throws(ChartError) -> Void
    let reset: @Sendable (inout RenderOptions) -> Void

    /// An option stored at `keyPath`: `read` sets the value from what the user gave (maps merge into it), and a
    /// JSON `null` puts back the default.
    init<Stored>(
        _ name: String, flag: String? = nil, aliases: [String] = [], _ value: Value, default defaultText: String,
        figures: Set<FigureKind>, movesLayout: Bool = false, astrologyAPI: String? = nil, freeAstrologyAPI: String? = nil,
        help: String, at keyPath: WritableKeyPath<RenderOptions, Stored> & Sendable,
        read: @escaping @Sendable (OptionInput, inout Stored) throws(ChartError) -> Void
    ) {
        self.init(name, flag: flag, aliases: aliases, value, default: defaultText, figures: figures, movesLayout: movesLayout,
                  astrologyAPI: astrologyAPI, freeAstrologyAPI: freeAstrologyAPI, help: help,
                  read: { (options: inout RenderOptions, input: OptionInput) throws(ChartError) in try read(input, &options[keyPath: keyPath]) },
                  reset: { $0[keyPath: keyPath] = RenderOptions()[keyPath: keyPath] })
    }

    init(
        _ name: String, flag: String?, aliases: [String], _ value: Value, default defaultText: String, figures: Set<FigureKind>,
        movesLayout: Bool, astrologyAPI: String?, freeAstrologyAPI: String?, help: String,
        read: @escaping @Sendable (inout RenderOptions, OptionInput) throws(ChartError) -> Void,
        reset: @escaping @Sendable (inout RenderOptions) -> Void
    ) {
        self.name = name
        self.flag = flag
        self.flagAliases = aliases
        self.value = value
        self.defaultText = defaultText
        self.help = help
        self.figures = figures
        self.movesLayout = movesLayout
        self.astrologyAPIName = astrologyAPI
        self.freeAstrologyAPIName = freeAstrologyAPI
        self.read = read
        self.reset = reset
    }

    /// Every flag spelling, the main one first.
    public var flags: [String] { (flag.map { [$0] } ?? []) + flagAliases }

    /// Whether it changes `figure`.
    public func applies(to figure: FigureKind) -> Bool { figures.contains(figure) }

    /// The option named `name` in a file or request body, nil for none.
    public static func named(_ name: String) -> RenderOption? { all.first { $0.name == name } }

    /// The option whose flag (or one of its spellings) is `flag`, written without dashes.
    public static func flagged(_ flag: String) -> RenderOption? { all.first { $0.flags.contains(flag) } }
}

extension RenderOption: Equatable {
    /// Options are one a name.
    public static func == (lhs: RenderOption, rhs: RenderOption) -> Bool { lhs.name == rhs.name }
}
