// What an app that imports FirstOpenViews names from the modules below it, re-exported
// one declaration at a time (never a whole module), and nothing else of those modules is
// public (the rest is `package`: shared by the package's modules, never an app's):
// - the store an app may pass, and what a store of its own reads and writes:
//   `VersionStore` (with the `StateLock` its `tryLock` gives and the `StoreError` it
//   throws), `KeyFileVersionStore` (in a folder of the app's choice for its tests),
//   `Version` (and `VersionError`), and the `UpdatePolicy`;
// - a spec file or metainfo file driven through `PresentationFlow` (README, "All of them
//   drive one flow"): `SpecFile`, `SpecError`, `WindowContent`, `ContentStrings`, the
//   `Decision` (and `NothingReason`) the flow hands to the content closure and reports,
//   `FirstOpenFailure`, and `FirstOpenWindowKind` (also `firstOpenView(_:_:)`'s);
// - the seed's rows and colours (FirstOpenViewsModel, shared with FirstOpenClient).
// Tests/Embedding/public-api.sh reads the symbol graph with these re-exports and checks
// it against Tests/Embedding/public-api.txt.
// Swift 6.0 checks the types of a public or package declaration against its own file's
// imports only (6.3 also counts these): a file that uses one of them in its interface
// imports that module at that level (`public import FirstOpenContent`), which re-exports
// nothing. (A scoped `public import struct …` there would not do: 6.0 widens the file's
// import of the whole module, with a warning, and no longer re-exports the declaration.)
@_exported public import struct FirstOpenState.Version
@_exported public import enum FirstOpenState.VersionError
@_exported public import struct FirstOpenState.UpdatePolicy
@_exported public import protocol FirstOpenState.VersionStore
@_exported public import class FirstOpenState.KeyFileVersionStore
@_exported public import class FirstOpenState.StateLock
@_exported public import enum FirstOpenState.StoreError
@_exported public import enum FirstOpenState.Decision
@_exported public import enum FirstOpenState.NothingReason
@_exported public import struct FirstOpenContent.SpecFile
@_exported public import enum FirstOpenContent.SpecError
@_exported public import struct FirstOpenContent.WindowContent
@_exported public import struct FirstOpenContent.ContentStrings
@_exported public import enum FirstOpenContent.FirstOpenWindowKind
@_exported public import struct FirstOpenFlow.PresentationFlow
@_exported public import enum FirstOpenFlow.FirstOpenFailure
@_exported public import struct FirstOpenViewsModel.InformationDetailView
@_exported public import struct FirstOpenViewsModel.FirstOpenColor
