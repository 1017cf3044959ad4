/* first-open-client-version.h: which declarations libfirst-open-client exports.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#if !defined(FIRST_OPEN_CLIENT_INSIDE) && !defined(FIRST_OPEN_CLIENT_COMPILATION)
#error "Only <first-open-client.h> can be included directly."
#endif

/* Built with hidden visibility: only declarations marked with one of these are
 * exported (libfirst-open-client.map also limits the exports to first_open_client_*). */
#ifndef _FIRST_OPEN_CLIENT_EXTERN
#define _FIRST_OPEN_CLIENT_EXTERN __attribute__((visibility ("default"))) extern
#endif

/* Symbols that exist in every version (the enum GTypes glib-mkenums generates). */
#define FIRST_OPEN_CLIENT_AVAILABLE_IN_ALL _FIRST_OPEN_CLIENT_EXTERN
/* Symbols added in 0.1. */
#define FIRST_OPEN_CLIENT_AVAILABLE_IN_0_1 _FIRST_OPEN_CLIENT_EXTERN
