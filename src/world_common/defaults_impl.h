/* The default definition of a body, written once for circles (world/world.c) and spheres
 * (world3d/world3d.c): each of those files defines the names below and includes this header. A
 * body of either world starts with radius 1, mass 1 and its world's restitution (-1 names it);
 * the rest of the definition is zero.
 *
 * The includer defines:
 *   CCL_WORLD_BODY_DEF_T         ccl_circle_def or ccl_sphere_def
 *   CCL_WORLD_BODY_DEFAULT_DEF   ccl_circle_default_def or ccl_sphere_default_def
 * Every one of the names is undefined at the end. */
#include <string.h>

CCL_WORLD_BODY_DEF_T CCL_WORLD_BODY_DEFAULT_DEF(void) {
    CCL_WORLD_BODY_DEF_T def;
    memset(&def, 0, sizeof def);
    def.radius = 1.0;
    def.mass = 1.0;
    def.restitution = -1.0;
    return def;
}

#undef CCL_WORLD_BODY_DEF_T
#undef CCL_WORLD_BODY_DEFAULT_DEF
