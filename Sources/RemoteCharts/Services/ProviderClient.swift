import ChartModel
import Ephemeris
import Foundation
import WheelRender

/// One provider's endpoints for a birth: the chart's data, and the wheel endpoint's answer (the JSON with the
/// image's URL).
struct ProviderClient: Sendable {
    let transport: ServiceTransport

    var provider: ChartProvider { transport.settings.provider }

    /// AstrologyAPI `POST /v1/western_chart_data`; FreeAstrologyAPI `POST /western/planets`, `/western/houses`
    /// and `/western/aspects` at once. An answer of the wrong shape is an error naming the missing field.
    func chart(for birth: Birth, houseSystem: HouseSystem, deadline: ServiceClock.Instant) async throws -> DecodedChart {
        switch provider {
        case .astrologyAPI:
            let body = try RequestBodies.astrologyAPI(birth, houseSystem: houseSystem)
            let answer = try await transport.post([("v1/western_chart_data", body)], deadline: deadline)[0]
            return try decoding("western_chart_data") { () throws(ChartError) in try ChartDecoder.decode(answer) }
        case .freeAstrologyAPI:
            let body = try RequestBodies.freeAstrologyAPI(birth, houseSystem: houseSystem)
            let answers = try await transport.post([("western/planets", body), ("western/houses", body), ("western/aspects", body)], deadline: deadline)
            return try decoding("western/planets, houses and aspects") { () throws(ChartError) in
                try ChartDecoder.decode(planets: answers[0], houses: answers[1], aspects: answers[2])
            }
        }
    }

    /// AstrologyAPI `POST /v1/natal_wheel_chart`; FreeAstrologyAPI `POST /western/natal-wheel-chart`. The
    /// image's words in `options.language`: AstrologyAPI reads `Accept-Language`, FreeAstrologyAPI `config.language`.
    func wheelResponse(for birth: Birth, houseSystem: HouseSystem, options: RenderOptions, deadline: ServiceClock.Instant) async throws -> Data {
        switch provider {
        case .astrologyAPI:
            let body = try RequestBodies.astrologyAPI(birth, houseSystem: houseSystem, wheel: options)
            return try await transport.post([("v1/natal_wheel_chart", body)], headers: [("Accept-Language", options.language.rawValue)],
                                            deadline: deadline)[0]
        case .freeAstrologyAPI:
            let body = try RequestBodies.freeAstrologyAPI(birth, houseSystem: houseSystem, wheel: options)
            return try await transport.post([("western/natal-wheel-chart", body)], deadline: deadline)[0]
        }
    }

    private func decoding(_ endpoint: String, _ decode: () throws(ChartError) -> DecodedChart) throws(ServiceError) -> DecodedChart {
        do {
            return try decode()
        } catch {
            throw .unusableAnswer(provider, endpoint: endpoint, problem: error)
        }
    }
}
