import Foundation

/// The package's executables as the test run built them.
public enum BuiltProducts {
    /// The built `wheel`: the test bundle is built next to the package's executables, so the first folder up from
    /// it that holds one.
    public static let wheel: URL = {
        let bundle = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]).resolvingSymlinksInPath()
        var directory = bundle.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("wheel").path) && directory.path != "/" {
            directory = directory.deletingLastPathComponent()
        }
        return directory.appendingPathComponent("wheel")
    }()
}
