/// Runs `body` with `service` and then `shutdown`, however `body` ends (returns, throws, is cancelled): the one
/// lifetime of the services that hold HTTP clients (`ChartImageService`, `ChartService`).
func withLifetime<Service: Sendable, Result>(
    of service: Service, isolation: isolated (any Actor)? = #isolation, shutdown: (Service) async -> Void,
    _ body: (Service) async throws -> Result
) async throws -> Result {
    do {
        let result = try await body(service)
        await shutdown(service)
        return result
    } catch {
        await shutdown(service)
        throw error
    }
}
