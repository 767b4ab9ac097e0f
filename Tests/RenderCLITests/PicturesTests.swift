import Foundation
import Testing
import TestSupport
import WheelCompare
import WheelRaster

/// The pictures of `samples/wheels/` and of the manual are what `wheel` draws now, from the commands the manual
/// prints beside them: `scripts/pictures.txt` lists each picture with its command, `scripts/render-samples.sh`
/// draws them from it, and this suite draws them again and compares.
@Suite(.hangGuard) struct PicturesTests {
    struct Picture: CustomTestStringConvertible, Sendable {
        /// The picture's path from the package's root.
        var path: String
        /// The command as the docs print it.
        var command: String
        /// The command's words, `wheel` first.
        var words: [String]
        var testDescription: String { path }
    }

    static let root = SampleCharts.packageRoot
    static let list = "scripts/pictures.txt"

    /// The list's lines. A line that cannot be read fails the suite loudly: a picture dropped by a typo is not checked.
    static let pictures: [Picture] = {
        let text = try! String(contentsOf: root.appendingPathComponent(list), encoding: .utf8)
        return text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }.map { line in
            guard let bar = line.range(of: " | ") else { fatalError("\(list): no \" | \" in \(line)") }
            let command = String(line[bar.upperBound...])
            return Picture(path: String(line[..<bar.lowerBound]), command: command, words: words(command))
        }
    }()

    /// Words separated by spaces, a word with spaces in double quotes: what the script's `eval` reads, no more.
    static func words(_ command: String) -> [String] {
        var words: [String] = [], word = "", quoted = false, started = false
        for character in command {
            if character == "\"" {
                quoted.toggle()
                started = true
            } else if character == " " && !quoted {
                if started { words.append(word) }
                word = ""
                started = false
            } else {
                word.append(character)
                started = true
            }
        }
        precondition(!quoted, "\(list): a quote is not closed in \(command)")
        if started { words.append(word) }
        return words
    }

    /// Runs the picture's command in the package's root (its inputs are named from there), its `-o` pointed into
    /// `folder` under the printed name, so the printed extension is the one that says the format.
    static func draw(_ picture: Picture, into folder: URL) throws -> (result: WheelCommand.Result, output: URL) {
        #expect(picture.words.first == "wheel", "\(picture.path): not a wheel command")
        var arguments = Array(picture.words.dropFirst())
        let flag = try #require(arguments.firstIndex(of: "-o"), "\(picture.path): the command has no -o")
        let printed = arguments[flag + 1]
        #expect(URL(fileURLWithPath: printed).pathExtension == URL(fileURLWithPath: picture.path).pathExtension,
                "\(picture.path): the command writes \(printed), another format")
        let output = folder.appendingPathComponent(URL(fileURLWithPath: printed).lastPathComponent)
        arguments[flag + 1] = output.path
        return (try WheelCommand.run(arguments, in: root), output)
    }

    @Test(arguments: pictures)
    func theCommittedPictureIsWhatItsCommandDrawsNow(_ picture: Picture) throws {
        let (result, file) = try Self.draw(picture, into: try WheelCommand.scratch())
        let command: String = picture.command, stderr: String = result.stderr
        try #require(result.status == 0, "\(command): \(stderr)")
        let committed = try Data(contentsOf: Self.root.appendingPathComponent(picture.path))
        let drawn = try Data(contentsOf: file)
        let redraw: String = picture.path.hasPrefix("GoldenImages/")
            ? "the printed command no longer draws the golden: change the docs' command or the golden (WHEEL_RECORD_GOLDENS=1 swift test)"
            : "scripts/render-samples.sh draws it again"
        let drawnPath: String = file.path, path: String = picture.path
        if path.hasSuffix(".svg") {
            let same = drawn == committed
            #expect(same, "\(path) differs from what its command draws now (\(drawnPath)); \(redraw)")
        } else {
            // The goldens' own tolerance: PNG bytes may differ where the pixels do not.
            let golden = GoldenCheck(goldens: Self.root, artifacts: file.deletingLastPathComponent())
            let difference = try golden.comparison.compare(expected: ImageInput.png(committed), actual: ImageInput.png(drawn))
            let summary: String = difference.summary
            let within = difference.isWithin(golden.tolerance)
            #expect(within, "\(path): \(summary); drawn now: \(drawnPath); \(redraw)")
        }
    }

    /// Every picture in the README and in docs/, as `![…](path)` or `<img src="path">`, from the package's root.
    static func shownPictures() throws -> [(doc: String, text: String, pictures: [String])] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        let reference = try Regex(#"!\[[^\]]*\]\(([^)\s]+)\)|<img\s[^>]*src="([^"]+)""#)
        return try (["README.md"] + docs).map { doc in
            let text = try String(contentsOf: root.appendingPathComponent(doc), encoding: .utf8)
            let folder = URL(fileURLWithPath: doc).deletingLastPathComponent().relativePath
            let pictures = text.matches(of: reference).compactMap { match -> String? in
                guard let path = (match.output[1].substring ?? match.output[2].substring).map(String.init) else { return nil }
                let joined = folder == "." ? path : folder + "/" + path
                return URL(fileURLWithPath: joined, relativeTo: root).standardizedFileURL.path
                    .replacingOccurrences(of: root.standardizedFileURL.path + "/", with: "")
            }
            // Words as a reader sees them: a command wrapped over lines or table cells is one line of words.
            let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            return (doc, words, pictures)
        }
    }

    @Test func everyPictureTheDocsShowIsListedAndTheyPrintItsCommand() throws {
        let shown = try Self.shownPictures()
        let listed = Dictionary(Self.pictures.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(shown.reduce(0) { $0 + $1.pictures.count } >= 10, "the docs' pictures were found: \(shown.map(\.pictures))")
        for (doc, text, pictures) in shown {
            for path in pictures {
                guard let picture = listed[path] else {
                    Issue.record("\(doc) shows \(path), which \(Self.list) does not list with its command")
                    continue
                }
                let printed = text.contains("`\(picture.command)`")
                #expect(printed, "\(doc) shows \(path) but does not print its command: `\(picture.command)`")
            }
        }
    }

    @Test func theListHoldsEverySampleWheelOnce() throws {
        let folder = Self.root.appendingPathComponent("samples/wheels")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).map { "samples/wheels/" + $0 }
        let listed = Self.pictures.map(\.path)
        #expect(Set(listed).count == listed.count, "a picture listed twice")
        #expect(Set(files).subtracting(listed).isEmpty, "in samples/wheels/ but not in \(Self.list): \(Set(files).subtracting(listed).sorted())")
        #expect(listed.allSatisfy { $0.hasPrefix("samples/wheels/") || $0.hasPrefix("GoldenImages/") }, "a picture outside the two folders")
    }

    @Test func wordsAreSplitAsTheScriptsShellSplitsThem() {
        #expect(Self.words(#"wheel render a.json --title "New York, 15 May" -o w.png"#)
                == ["wheel", "render", "a.json", "--title", "New York, 15 May", "-o", "w.png"])
        #expect(Self.words(#"wheel  render --title """#) == ["wheel", "render", "--title", ""])
    }
}
