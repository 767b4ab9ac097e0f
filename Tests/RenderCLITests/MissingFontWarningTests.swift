import Foundation
import Testing

/// `wheel` on a machine that lacks a font a PNG's text needs: made so for one run by a fontconfig configuration
/// that knows DejaVu alone (`FONTCONFIG_FILE`), as a bare Debian with fonts-dejavu-core. The PNG is written, after
/// a warning that names the package; a machine with the fonts, and SVG, are told nothing.
@Suite(.hangGuard)
struct MissingFontWarningTests {
    static let devanagari = "wheel: warning: the PNG's text needs a font for Devanagari, which this machine lacks; install fonts-gargi (apt-get install fonts-gargi)\n"
    static let chinese = "wheel: warning: the PNG's text needs a font for Chinese, which this machine lacks; install fonts-wqy-microhei (apt-get install fonts-wqy-microhei)\n"

    /// The environment of a machine whose only fonts are DejaVu's.
    static func dejaVuOnly() throws -> [String: String] {
        let dir = try WheelCommand.scratch()
        let file = dir.appendingPathComponent("fonts.conf")
        try Data("""
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig><dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>\(dir.path)/cache</cachedir></fontconfig>
            """.utf8).write(to: file)
        return ["FONTCONFIG_FILE": file.path]
    }

    @Test func aPNGWhoseTitleLacksItsFontIsWrittenAfterAWarningNamingThePackage() throws {
        let dir = try WheelCommand.scratch()
        let out = dir.appendingPathComponent("wheel.png").path
        let result = try WheelCommand.run(["render", WheelCommand.sample("astrologyapi"), "--size", "300", "--title", "सूर्य वृषभ में", "-o", out],
                                          environment: try Self.dejaVuOnly())
        #expect(result.status == 0, "a warning, not an error")
        #expect(result.stderr == Self.devanagari)
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)).pngSize?.0 == 300)

        let svg = try WheelCommand.run(["render", WheelCommand.sample("astrologyapi"), "--title", "सूर्य वृषभ में"], environment: try Self.dejaVuOnly())
        #expect(svg.status == 0 && svg.stderr.isEmpty, "an SVG's fonts are its reader's: \(svg.stderr)")
    }

    /// `wheel image`'s local wheel, a Hindi legend's names in a PNG, warns as `wheel render` does.
    @Test func theLocalFallbackImageWarnsToo() throws {
        let dir = try WheelCommand.scratch()
        let out = dir.appendingPathComponent("chart.png")
        let result = try WheelCommand.run(["image", "--chart", WheelCommand.sample("astrologyapi"), "--offline", "--legend", "--language", "hi",
                                           "--cache-dir", dir.appendingPathComponent("cache").path, "-o", out.path],
                                          environment: try Self.dejaVuOnly())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "source: fallback (offline, and nothing cached for this chart)\n" + Self.devanagari, "\(result.stderr)")
        #expect(try Data(contentsOf: out).pngSize?.0 == 600)
    }

    @Test func aBatchSaysEachPackageOnce() throws {
        let dir = try WheelCommand.scratch()
        let ids = ["a_2000_mumbai", "b_1990_newyork", "c_1879_ulm"]
        let result = try WheelCommand.run(["render"] + ids.map { WheelCommand.sample("astrologyapi", $0) }
                                          + ["-o", dir.path, "--size", "250", "--title", "宫位制：等宫制 सूर्य"], environment: try Self.dejaVuOnly())
        #expect(result.status == 0)
        #expect(result.stderr == Self.chinese + Self.devanagari)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).count == 3)
    }

    /// This machine, set up as the README says, has every font: no warning for a title in Hindi, Chinese,
    /// Russian or Turkish.
    @Test(arguments: ["सूर्य वृषभ में", "宫位制：等宫制", "Солнце в Тельце", "Güneş Boğa'da"])
    func aMachineWithTheFontsIsToldNothing(title: String) throws {
        let dir = try WheelCommand.scratch()
        let result = try WheelCommand.run(["render", WheelCommand.sample("astrologyapi"), "--size", "250", "--title", title, "-o",
                                           dir.appendingPathComponent("wheel.png").path])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    }
}
