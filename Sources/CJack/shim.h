#ifndef TACTUS_CJACK_SHIM_H
#define TACTUS_CJACK_SHIM_H

#include <jack/jack.h>
#include <jack/midiport.h>
#include <jack/transport.h>
#include <jack/types.h>
#include <stddef.h>

/// jack_client_open is variadic and so invisible to Swift: this opens a client,
/// naming the server when server_name is non-NULL (JackServerName), never
/// starting a server (JackNoStartServer).
static inline jack_client_t *cjack_client_open(const char *client_name,
                                               const char *server_name,
                                               jack_status_t *status) {
    if (server_name != NULL && server_name[0] != '\0') {
        return jack_client_open(client_name,
                                (jack_options_t)(JackNoStartServer | JackServerName),
                                status, server_name);
    }
    return jack_client_open(client_name, JackNoStartServer, status);
}

/// Like cjack_client_open, but refuses a client name that is already taken
/// (JackUseExactName) instead of letting JACK pick a unique variant.
static inline jack_client_t *cjack_client_open_exact(const char *client_name,
                                                     const char *server_name,
                                                     jack_status_t *status) {
    if (server_name != NULL && server_name[0] != '\0') {
        return jack_client_open(client_name,
                                (jack_options_t)(JackNoStartServer | JackUseExactName | JackServerName),
                                status, server_name);
    }
    return jack_client_open(client_name, (jack_options_t)(JackNoStartServer | JackUseExactName), status);
}

/// JACK_DEFAULT_AUDIO_TYPE and JACK_DEFAULT_MIDI_TYPE are macros.
static inline const char *cjack_audio_type(void) { return JACK_DEFAULT_AUDIO_TYPE; }
static inline const char *cjack_midi_type(void) { return JACK_DEFAULT_MIDI_TYPE; }

#endif
