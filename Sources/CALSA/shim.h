#ifndef TACTUS_CALSA_SHIM_H
#define TACTUS_CALSA_SHIM_H

#include <alsa/asoundlib.h>

#endif
