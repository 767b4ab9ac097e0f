// For ChartImages and ChartServices only, which use `Locked`, `quote` and `oneLine` through this module: until
// they import Support themselves. Every other module imports Support by name.
@_exported import Support
