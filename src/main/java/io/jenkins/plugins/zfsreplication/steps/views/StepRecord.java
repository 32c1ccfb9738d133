package io.jenkins.plugins.zfsreplication.steps.views;

import io.jenkins.plugins.zfsreplication.units.Sizes;
import java.io.Serializable;
import java.util.List;
import java.util.Locale;

/**
 * What one step did, as its build page shows it. The implementations are plain final classes, not
 * records: Jenkins stores run actions in build.xml with XStream, which writes records but cannot
 * read them back. What they keep is plain JDK types Jenkins' class
 * filter permits: their lists are ArrayLists, handed out unmodifiable, never List.of or List.copyOf
 * (Jenkins before 2.492 refuses the ImmutableCollections$ListN those make of none or three and more
 * elements, and the build.xml write fails; the filter of each release is its own list).
 * PersistenceTest writes and reads each one as Jenkins 2.541.3 does, with lists of every length.
 */
public interface StepRecord extends Serializable {
    /** The workspace-relative paths archived by this step, which are also their artifact paths. */
    List<String> getArtifacts();

    /** True when the build was aborted while the step ran: what it archived is what it did until then. */
    default boolean isAborted() {
        return false;
    }

    /** The archived throughput chart, or null when the step wrote none. */
    default String getChart() {
        return getArtifacts().stream().filter(path -> path.endsWith("throughput.svg")).findFirst().orElse(null);
    }

    static String human(double bytes) {
        return Sizes.human(bytes);
    }

    static String seconds(double seconds) {
        return String.format(Locale.ROOT, "%.1f s", seconds);
    }
}
