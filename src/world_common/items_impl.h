/* The item getters over the slots, written once for the world of circles (world/body.c) and the
 * world of spheres (world3d/query3d.c): each of those files defines the names below and includes
 * this header. Both worlds name a body by slot and generation and mark a slot live, so getting one
 * body's item and exporting the items of every live body in slot order are one algorithm; what
 * differs is the layout (2D: the slot record; 3D: the links), which the includer names with a
 * hook.
 *
 * The includer defines:
 *   CCL_WORLD_T               ccl_world or ccl_world3d
 *   CCL_WORLD_ALIVE(w, i)     true for the live body in slot i
 *   CCL_WORLD_GET_ITEM, CCL_WORLD_EXPORT_ITEMS   the getters' names
 *   CCL_WORLD_ITEMS_LINKAGE   their linkage (empty in 2D, where other files call them; static
 *                             in 3D)
 *   CCL_WORLD_ID_T            ccl_circle_id or ccl_sphere_id
 *   CCL_WORLD_SLOT_OF         the slot of an id, negative for a stale one
 *   CCL_WORLD_ITEM_FN         the type of a function writing slot i's item: (w, i, out)
 * Every one of the names is undefined at the end. */

/* What item writes of the body named by id, or why not. */
CCL_WORLD_ITEMS_LINKAGE ccl_status CCL_WORLD_GET_ITEM(const CCL_WORLD_T *w, CCL_WORLD_ID_T id,
                                                      void *out, CCL_WORLD_ITEM_FN *item) {
    if (w == NULL || out == NULL) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    int32_t i = CCL_WORLD_SLOT_OF(w, id);
    if (i < 0) {
        return CCL_ERR_STALE_ID;
    }
    item(w, i, out);
    return CCL_OK;
}

/* What item writes of every live body, in slot order, up to capacity items of item_size bytes. */
CCL_WORLD_ITEMS_LINKAGE ccl_status CCL_WORLD_EXPORT_ITEMS(const CCL_WORLD_T *w, void *out,
                                                          size_t item_size, int capacity,
                                                          int *count, CCL_WORLD_ITEM_FN *item) {
    if (w == NULL || count == NULL || capacity < 0 || (out == NULL && capacity > 0)) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    int n = 0;
    for (int32_t i = 0; i < w->slot_count && n < capacity; ++i) {
        if (CCL_WORLD_ALIVE(w, i)) {
            item(w, i, (char *)out + (size_t)n++ * item_size);
        }
    }
    *count = n;
    return CCL_OK;
}

#undef CCL_WORLD_T
#undef CCL_WORLD_ALIVE
#undef CCL_WORLD_GET_ITEM
#undef CCL_WORLD_EXPORT_ITEMS
#undef CCL_WORLD_ITEMS_LINKAGE
#undef CCL_WORLD_ID_T
#undef CCL_WORLD_SLOT_OF
#undef CCL_WORLD_ITEM_FN
