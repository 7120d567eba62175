/* circol: exact collision detection and response between moving circles. The umbrella header. */
#ifndef CIRCOL_CIRCOL_H
#define CIRCOL_CIRCOL_H

#include "base.h"
#include "checkpoint.h"
#include "collision.h"
#include "collision3d.h"
#include "game.h"
#include "math.h"
#include "query.h"
#include "response.h"
#include "world.h"
#include "world3d.h"

#endif
