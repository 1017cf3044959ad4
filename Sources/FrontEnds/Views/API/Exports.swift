// What an app that imports FirstOpenViews calls from the modules below it, re-exported
// one declaration at a time (never a whole module): the versions, policy, stores and
// decision (FirstOpenState), the content model and spec files (FirstOpenContent), the
// flow and its failure (FirstOpenFlow), the seed's rows and colours (FirstOpenViewsModel,
// shared with FirstOpenClient). Everything else in those modules stays theirs.
// Swift 6.0 checks the types of a public or package declaration against its own file's
// imports only (6.3 also counts these): a file that uses one of them in its interface
// imports that module at that level (`public import FirstOpenContent`), which re-exports
// nothing. (A scoped `public import struct …` there would not do: 6.0 widens the file's
// import of the whole module, with a warning, and no longer re-exports the declaration.)
@_exported public import struct FirstOpenState.Version
@_exported public import struct FirstOpenState.UpdatePolicy
@_exported public import protocol FirstOpenState.VersionStore
@_exported public import class FirstOpenState.KeyFileVersionStore
@_exported public import class FirstOpenState.InMemoryVersionStore
@_exported public import enum FirstOpenState.StoreError
@_exported public import struct FirstOpenState.FirstOpenSession
@_exported public import enum FirstOpenState.Decision
@_exported public import enum FirstOpenState.NothingReason
@_exported public import struct FirstOpenContent.SpecFile
@_exported public import enum FirstOpenContent.SpecError
@_exported public import struct FirstOpenContent.WindowContent
@_exported public import struct FirstOpenContent.ContentSection
@_exported public import struct FirstOpenContent.InformationRow
@_exported public import struct FirstOpenContent.ContentStrings
@_exported public import enum FirstOpenContent.FirstOpenWindowKind
@_exported public import struct FirstOpenFlow.PresentationFlow
@_exported public import class FirstOpenFlow.Presentation
@_exported public import enum FirstOpenFlow.FirstOpenFailure
@_exported public import struct FirstOpenViewsModel.InformationDetailView
@_exported public import struct FirstOpenViewsModel.FirstOpenColor
