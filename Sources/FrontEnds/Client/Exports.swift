// What an app that imports FirstOpenClient calls from the modules below it, re-exported
// one declaration at a time, as FirstOpenViews does: the seed's rows and colours
// (FirstOpenViewsModel, the same types FirstOpenViews uses), the update policy
// (FirstOpenState) and the kind of window (FirstOpenContent). Nothing here loads GTK.
// As in FirstOpenViews, a file whose public declarations use one of these also imports
// its module publicly (Swift 6.0 checks each file's own imports).
@_exported public import struct FirstOpenViewsModel.InformationDetailView
@_exported public import struct FirstOpenViewsModel.FirstOpenColor
@_exported public import struct FirstOpenState.UpdatePolicy
@_exported public import enum FirstOpenContent.FirstOpenWindowKind
