// The embedding API speaks in the content model (`WindowContent`) and the state
// module's types (`FirstOpenSession`, `VersionStore`, `Version`) and the flow
// (`PresentationFlow`, `FirstOpenFailure`), so an app that
// imports FirstOpenViews gets them too.
@_exported public import FirstOpenContent
@_exported public import FirstOpenState
@_exported public import FirstOpenFlow
