// The one GError bridge (`GLibError`) and the one checked read (`CheckedFile`) live in
// FirstOpenSystem, below Core, so that the GTK wrappers use them without depending on
// Core; every module that imports FirstOpenState sees them as before.
@_exported public import FirstOpenSystem
