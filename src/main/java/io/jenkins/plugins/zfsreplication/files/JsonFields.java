package io.jenkins.plugins.zfsreplication.files;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The fields of a record this tool wrote, read back by the record's owner: each present with the
 * type its writer gives it, or the record is refused naming the field. A field its writer renamed
 * is thus refused, never read as absent.
 */
public final class JsonFields {
    private JsonFields() {
    }

    /** {@code root} when it is an object of {@code kind}. */
    public static JsonNode ofKind(JsonNode root, String kind) {
        if (root == null || !root.isObject() || !kind.equals(root.path("kind").asText())) {
            throw refused("not a record of kind %s", kind);
        }
        return root;
    }

    /** A string field. */
    public static String text(JsonNode node, String field) {
        String text = nullableText(node, field);
        if (text == null) {
            throw refused("field \"%s\" is null", field);
        }
        return text;
    }

    /** A string field its writer writes as null where there is none (a full send's base). */
    public static String nullableText(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !(value.isTextual() || value.isNull())) {
            throw refused("field \"%s\" is missing or not a string", field);
        }
        return value.isNull() ? null : value.asText();
    }

    public static boolean bool(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isBoolean()) {
            throw refused("field \"%s\" is missing or not true/false", field);
        }
        return value.asBoolean();
    }

    public static JsonNode array(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isArray()) {
            throw refused("field \"%s\" is missing or not a list", field);
        }
        return value;
    }

    private static InputFileException refused(String format, Object... args) {
        return new InputFileException(String.format(format, args), null);
    }
}
