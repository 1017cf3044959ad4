package import CGtk

/// The ATK roles the window uses; anything else reads back as `other`.
package enum AccessibleRole: Equatable {
    /// A heading (the window's headline).
    case heading
    /// A list (the rows) and its items (one row each).
    case list
    case listItem
    /// Decorative content assistive technologies skip (icons). GTK 3 has no "hidden".
    case redundantObject
    case label
    case pushButton
    case frame
    case panel
    /// A dialog: Orca reads a dialog's content when it opens, a frame's title only.
    case dialog
    /// A message that appears on its own (the link error); screen readers speak it.
    case alert
    case other(Int)

    package init(_ role: AtkRole) {
        switch role {
        case ATK_ROLE_HEADING: self = .heading
        case ATK_ROLE_LIST: self = .list
        case ATK_ROLE_LIST_ITEM: self = .listItem
        case ATK_ROLE_REDUNDANT_OBJECT: self = .redundantObject
        case ATK_ROLE_LABEL: self = .label
        case ATK_ROLE_PUSH_BUTTON: self = .pushButton
        case ATK_ROLE_FRAME: self = .frame
        case ATK_ROLE_PANEL: self = .panel
        case ATK_ROLE_DIALOG: self = .dialog
        case ATK_ROLE_ALERT: self = .alert
        default: self = .other(Int(role.rawValue))
        }
    }

    package var atkValue: AtkRole {
        switch self {
        case .heading: ATK_ROLE_HEADING
        case .list: ATK_ROLE_LIST
        case .listItem: ATK_ROLE_LIST_ITEM
        case .redundantObject: ATK_ROLE_REDUNDANT_OBJECT
        case .label: ATK_ROLE_LABEL
        case .pushButton: ATK_ROLE_PUSH_BUTTON
        case .frame: ATK_ROLE_FRAME
        case .panel: ATK_ROLE_PANEL
        case .dialog: ATK_ROLE_DIALOG
        case .alert: ATK_ROLE_ALERT
        case .other(let raw): AtkRole(rawValue: UInt32(raw))
        }
    }
}
