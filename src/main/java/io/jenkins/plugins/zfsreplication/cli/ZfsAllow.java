package io.jenkins.plugins.zfsreplication.cli;

import java.util.Set;
import java.util.TreeSet;

/**
 * What {@code zfs allow DATASET} says a user may do on DATASET (zfs-allow(8)): the blocks
 * {@code ---- Permissions on NAME ----} for the dataset and each ancestor, each with
 * {@code Local}, {@code Descendent} and {@code Local+Descendent} sections of {@code user NAME
 * PERMS}, {@code group NAME PERMS} and {@code everyone PERMS} lines. A Local grant counts on the
 * dataset itself only, a Descendent one only from an ancestor. Groups and permission sets are not
 * resolved: a grant only through them reads as missing, which errs on the side of saying so.
 */
final class ZfsAllow {
    private enum Scope { LOCAL, DESCENDENT, BOTH, OTHER }

    private ZfsAllow() {
    }

    static Set<String> granted(String output, String dataset, String user) {
        Set<String> granted = new TreeSet<>();
        String on = dataset;
        Scope scope = Scope.OTHER;
        for (String raw : output.split("\n")) {
            String line = raw.strip();
            if (line.startsWith("---- Permissions on ")) {
                on = line.substring("---- Permissions on ".length()).split("\\s+", 2)[0];
                scope = Scope.OTHER;
            } else if (line.equals("Local permissions:")) {
                scope = Scope.LOCAL;
            } else if (line.equals("Descendent permissions:")) {
                scope = Scope.DESCENDENT;
            } else if (line.equals("Local+Descendent permissions:")) {
                scope = Scope.BOTH;
            } else if (line.endsWith(":")) {
                scope = Scope.OTHER;
            } else if (applies(scope, on.equals(dataset))) {
                String[] words = line.split("\\s+");
                if (words.length == 3 && words[0].equals("user") && words[1].equals(user)
                        || words.length == 2 && words[0].equals("everyone")) {
                    for (String permission : words[words.length - 1].split(",")) {
                        granted.add(permission);
                    }
                }
            }
        }
        return granted;
    }

    private static boolean applies(Scope scope, boolean self) {
        return switch (scope) {
            case LOCAL -> self;
            case DESCENDENT -> !self;
            case BOTH -> true;
            case OTHER -> false;
        };
    }
}
