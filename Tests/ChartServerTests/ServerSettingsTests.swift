import ChartServer
import Foundation
import Testing
import TestSupport

/// Each setting from its one declaration: a flag, a variable and a config file's key, flags first, and each bad
/// value one line naming where it came from.
@Suite(.hangGuard) struct ServerSettingsTests {
    static func file(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString).json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func flagsWinOverTheEnvironmentWhichWinsOverTheFile() throws {
        let config = try Self.file(#"{"port": 7000, "host": "0.0.0.0", "rate": 5, "log-birth-data": true}"#)
        defer { try? FileManager.default.removeItem(atPath: config) }
        let configuration = try ServerConfiguration(flags: ["port": "9000"], configFile: config,
                                                    environment: ["WHEEL_SERVE_PORT": "8000", "WHEEL_SERVE_RATE": "7.5"])
        #expect(configuration.port == 9000)
        #expect(configuration.host == "0.0.0.0")
        #expect(configuration.ratePerSecond == 7.5)
        #expect(configuration.logBirthData)
        #expect(configuration.baseURL == "http://127.0.0.1:9000")
    }

    @Test func everySettingHasAFlagOrAVariableAndHelp() {
        for setting in ServerSetting.all {
            #expect(setting.flag != nil || setting.environmentVariable != nil, "\(setting.name)")
            #expect(!setting.help.isEmpty && !setting.defaultValue.isEmpty, "\(setting.name)")
        }
        // Secrets are never flags: a flag shows in `ps`.
        #expect(ServerSetting.all.first { $0.name == "url-secret" }?.flag == nil)
        #expect(ServerSetting.all.first { $0.environmentVariable == "WHEEL_SERVE_API_KEYS" }?.flag == nil)
    }

    // The flags as `wheel serve` hands them on, parsed (a flag without a value, an unknown flag: ArgumentParser's
    // exit 64, in ServeProcessTests); `--config`'s file apart.
    @Test(arguments: [
        (["port": "80x"], nil, [:], "--port: \"80x\" is not a whole number from 0 to 65535"),
        (["colour": "red"], nil, [:], "\"--colour\": unknown setting"),
        ([:], nil, ["WHEEL_SERVE_RATE": "-1"], "WHEEL_SERVE_RATE: \"-1\" is not a number"),
        ([:], nil, ["WHEEL_SERVE_URL_SECRET": "short"], "WHEEL_SERVE_URL_SECRET: the key holds 5 bytes; a signing key needs at least 32"),
        ([:], nil, ["WHEEL_SERVE_API_KEYS": #"{"v2": ["k"]}"#], "WHEEL_SERVE_API_KEYS: \"v2\" is not one of astrologyapi, freeastrologyapi, v1"),
        ([:], nil, ["WHEEL_SERVE_API_KEYS": #"{"astrologyapi": [{"user_id": "u"}]}"#], "WHEEL_SERVE_API_KEYS: astrologyapi[0]: needs a user_id and an api_key"),
        (["public-url": "ftp://x"], nil, [:], "--public-url: \"ftp://x\" is not an http or https URL"),
        ([:], "/nonexistent/serve.json", [:], "--config: \"/nonexistent/serve.json\" cannot be read"),
        ([:], nil, ["WHEEL_SERVE_CONFIG": "/nonexistent/serve.json"], "WHEEL_SERVE_CONFIG: \"/nonexistent/serve.json\" cannot be read"),
        (["log-level": "loud"], nil, [:], "--log-level: \"loud\" is not one of trace"),
    ] as [([String: String], String?, [String: String], String)])
    func aBadSettingIsOneLineNamingItsSource(flags: [String: String], configFile: String?, environment: [String: String], message: String) {
        #expect {
            _ = try ServerConfiguration(flags: flags, configFile: configFile, environment: environment)
        } throws: { error in
            let text = (error as? SettingError)?.description ?? ""
            return text.hasPrefix(message) && !text.contains("\n")
        }
    }

    @Test func aSecretNeverAppearsInAMessage() {
        let secret = "k-0123456789abcdef0123456789abcdef-TOPSECRET"
        #expect {
            _ = try ServerConfiguration(environment: ["WHEEL_SERVE_API_KEYS": #"{"freeastrologyapi": "\#(secret)"}"#])
        } throws: { error in
            "\(error)".contains("freeastrologyapi") && !"\(error)".contains("TOPSECRET")
        }
        #expect(throws: Never.self) {
            let configuration = try ServerConfiguration(environment: ["WHEEL_SERVE_URL_SECRET": secret])
            #expect(configuration.urlSecret == Array(secret.utf8))
        }
    }

    @Test func theManualListsEverySetting() throws {
        let manual = try String(contentsOf: SampleCharts.packageRoot.appendingPathComponent("docs/Server.md"), encoding: .utf8)
        for setting in ServerSetting.all {
            if let flag = setting.flag { #expect(manual.contains("`\(flag) \(setting.valueForm)`"), "\(flag)") }
            if let variable = setting.environmentVariable { #expect(manual.contains("`\(variable)`"), "\(variable)") }
        }
    }

    @Test func aConfigFilesUnknownKeyIsNamed() throws {
        let config = try Self.file(#"{"prot": 80}"#)
        defer { try? FileManager.default.removeItem(atPath: config) }
        #expect {
            _ = try ServerConfiguration(configFile: config, environment: [:])
        } throws: { error in
            "\(error)".hasPrefix("\(config): \"prot\": unknown setting")
        }
    }
}
