/* The public create, written once for the world of circles (world/world.c) and the world of
 * spheres (world3d/world3d.c): each of those files defines the names below and includes this
 * header. Both worlds check the definition, take their memory from its allocator, set their
 * fields and reserve the capacity asked for, destroying the world when that fails; what differs is
 * the check of the definition and the fields (the box, the motion law, the grid), which the
 * includer names with hooks.
 *
 * The includer defines:
 *   CCL_WORLD_FN(name)        the public function name: ccl_world_<name> or ccl_world3d_<name>
 *   CCL_WORLD_T, CCL_WORLD_DEF_T   ccl_world and ccl_world_def, or the 3D world's
 *   CCL_WORLD_CHECK_DEF(def)  the status of a definition, which may be NULL
 *   CCL_WORLD_INIT(w, d)      sets the fields of a fresh world w (zeroed, its memory and def set)
 *                             from definition d
 *   CCL_WORLD_RESERVE         makes room for a number of bodies: (w, n) to a status
 * Every one of the names is undefined at the end. */

ccl_status CCL_WORLD_FN(create)(const CCL_WORLD_DEF_T *def, CCL_WORLD_T **out) {
    if (out == NULL) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    *out = NULL;
    ccl_status status = CCL_WORLD_CHECK_DEF(def);
    if (status != CCL_OK) {
        return status;
    }
    CCL_WORLD_DEF_T d = *def;
    CCL_WORLD_T *w = ccl_memory_new_owner(&d.allocator, sizeof(CCL_WORLD_T));
    if (w == NULL) {
        return CCL_ERR_OUT_OF_MEMORY;
    }
    w->def = d;
    w->memory = ccl_memory_of_owner(d.allocator, sizeof(CCL_WORLD_T));
    CCL_WORLD_INIT(w, &d);
    w->repredict_pending = true;
    if (d.capacity > 0 && CCL_WORLD_RESERVE(w, d.capacity) != CCL_OK) {
        CCL_WORLD_FN(destroy)(w);
        return CCL_ERR_OUT_OF_MEMORY;
    }
    *out = w;
    return CCL_OK;
}

#undef CCL_WORLD_FN
#undef CCL_WORLD_T
#undef CCL_WORLD_DEF_T
#undef CCL_WORLD_CHECK_DEF
#undef CCL_WORLD_INIT
#undef CCL_WORLD_RESERVE
