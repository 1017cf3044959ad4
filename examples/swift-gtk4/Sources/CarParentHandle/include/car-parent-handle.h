// The portal handle of a GTK 4 window, for `first-open --parent` (FirstOpenParent).
#ifndef CAR_PARENT_HANDLE_H
#define CAR_PARENT_HANDLE_H

/// Called once with "x11:XID", "wayland:HANDLE", or NULL when the window's backend
/// cannot name it to another process (Broadway, a compositor without xdg-foreign).
typedef void (*CarParentHandleCallback)(const char *handle, void *user_data);

/// Calls `callback` with the handle of the window of `gtk_widget` (a `GtkWindow *`, or any
/// widget in the window: what an Adwaita for Swift view's storage holds) once the widget
/// is mapped (right away when it is). On Wayland the handle is exported through
/// xdg-foreign, which answers asynchronously.
void car_parent_handle_get(void *gtk_widget, CarParentHandleCallback callback, void *user_data);

#endif
