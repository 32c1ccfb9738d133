package io.jenkins.plugins.zfsreplication.zfs;

/** The kinds of object a listing holds, as zfs names them in its {@code type} property. */
public enum ObjectType {
    FILESYSTEM, VOLUME, SNAPSHOT, BOOKMARK;

    static ObjectType parse(String name, String value) {
        return switch (value) {
            case "filesystem" -> FILESYSTEM;
            case "volume" -> VOLUME;
            case "snapshot" -> SNAPSHOT;
            case "bookmark" -> BOOKMARK;
            default -> throw new ZfsException("Unknown type '%s' for '%s' in the zfs listing", value, name);
        };
    }
}
