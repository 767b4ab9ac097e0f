import HTTPTypes
import Hummingbird
import Support

/// The methods each route's path takes, read from the router once its routes are added: a request for a path a
/// route has, by a method it does not take, is answered 405 with `Allow` (RFC 9110), not 404.
@available(macOS 14, iOS 17, tvOS 17, *)
final class RouteMethods: Sendable {
    /// Each path's components (a capture, `:name` or `{name}`, matches any one) and the methods it takes.
    private let table = Locked<[(components: [Substring], methods: [HTTPRequest.Method])]>([])

    /// Reads `router`'s routes.
    func read(_ router: Router<BasicRequestContext>) {
        let byPath = Dictionary(grouping: router.routes) { "\($0.path)" }
        table.withLock { table in
            table = byPath.map { path, routes in
                (path.split(separator: "/"), routes.map(\.method).sorted { $0.rawValue < $1.rawValue })
            }
        }
    }

    /// The methods `path` is taken by, none when no route has it.
    func methods(for path: String) -> [HTTPRequest.Method] {
        let asked = path.split(separator: "/")
        return table.withLock { table in
            table.first { route in
                route.components.count == asked.count
                    && zip(route.components, asked).allSatisfy { pattern, component in pattern.hasPrefix(":") || pattern.hasPrefix("{") || pattern == component }
            }?.methods ?? []
        }
    }
}
