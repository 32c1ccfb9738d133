package io.jenkins.plugins.zfsreplication.zfs;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One line of a listing: a filesystem, volume, snapshot or bookmark with the properties every
 * plan needs. Numbers are exact (bytes, seconds since the epoch, transaction groups); -1 where ZFS
 * has no value for this type (a bookmark's {@code used}). The GUID is an unsigned 64-bit number
 * held in a long: compare with ==, print with {@link #guidText()}.
 *
 * @param properties further properties asked for (user properties, {@code userrefs},
 *                   {@code receive_resume_token}); a property ZFS shows as "-" (unset) is absent
 */
public record ZfsObject(String name, ObjectType type, long guid, long createtxg, long creation,
                        long used, long referenced, Map<String, String> properties) {

    public ZfsObject {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        properties = Map.copyOf(properties);
    }

    /** The dataset part of the name: everything before '@' or '#'. */
    public String datasetName() {
        int cut = separator();
        return cut < 0 ? name : name.substring(0, cut);
    }

    /** The snapshot or bookmark part of the name, "" for a dataset. */
    public String shortName() {
        int cut = separator();
        return cut < 0 ? "" : name.substring(cut + 1);
    }

    public boolean isSnapshot() {
        return type == ObjectType.SNAPSHOT;
    }

    public boolean isDataset() {
        return type == ObjectType.FILESYSTEM || type == ObjectType.VOLUME;
    }

    public Optional<String> property(String property) {
        return Optional.ofNullable(properties.get(property));
    }

    public String guidText() {
        return Long.toUnsignedString(guid);
    }

    private int separator() {
        int at = name.indexOf('@');
        return at >= 0 ? at : name.indexOf('#');
    }
}
