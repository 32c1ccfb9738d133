package io.jenkins.plugins.zfsreplication.steps.shared;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * {@link RiverProgramData} with a given version of JBoss Marshalling: the build copies each
 * version's two jars into {@code target/jboss-marshalling/VERSION/}, and each version gets a class
 * loader that takes {@code org.jboss.marshalling} and {@link RiverProgramData} from there and
 * every other class (the plugin's, the stand-ins') from the test's class loader, as Jenkins loads
 * workflow-support's bundled library beside the plugin's classes.
 */
final class RiverVersions {
    /**
     * 2.2.1.Final: what workflow-support bundles on the 2.479 line and in every release before
     * 1015.v785e5a_b_b_8b_22 (a 2.541.3 controller may still run one of those); 2.3.0: the newest
     * 2.x, which that release bundles (the version bom-2.541.x manages).
     */
    static final List<String> VERSIONS = List.of("2.2.1.Final", "2.3.0");

    private RiverVersions() {
    }

    static Function<Object, Map<String, Object>> programData(String version) {
        Path jars = Path.of(System.getProperty("zfsr.build.dir"), "jboss-marshalling", version);
        List<URL> urls = new ArrayList<>();
        try (Stream<Path> files = Files.list(jars)) {
            for (Path jar : files.filter(file -> file.toString().endsWith(".jar")).sorted().toList()) {
                urls.add(jar.toUri().toURL());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("the build copies JBoss Marshalling " + version + " to " + jars, e);
        }
        if (urls.size() != 2) {
            throw new IllegalStateException(jars + " should hold jboss-marshalling and jboss-marshalling-river: " + urls);
        }
        ClassLoader test = RiverVersions.class.getClassLoader();
        ClassLoader loader = new ChildFirst(urls.toArray(URL[]::new), test);
        try {
            return Function.class.cast(loader.loadClass(RiverProgramData.class.getName())
                    .getConstructor(ClassLoader.class).newInstance(test));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** program.dat's bytes of {@code graph}, as {@code version} writes them. */
    static byte[] write(String version, Object graph) throws Exception {
        Object helper = programData(version);
        return (byte[]) helper.getClass().getMethod("write", Object.class).invoke(helper, graph);
    }

    /** What {@code version} reads back of program.dat's bytes {@code written}; its failure as thrown. */
    static Object read(String version, byte[] written) throws Exception {
        Object helper = programData(version);
        try {
            return helper.getClass().getMethod("read", byte[].class).invoke(helper, (Object) written);
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }

    /** Loads JBoss Marshalling from its jars and the helper from the test classes; the rest from the parent. */
    private static final class ChildFirst extends URLClassLoader {
        private static final String HELPER = RiverProgramData.class.getName();

        ChildFirst(URL[] jars, ClassLoader parent) {
            super(jars, parent);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            synchronized (getClassLoadingLock(name)) {
                Class<?> type = findLoadedClass(name);
                if (type == null && name.startsWith("org.jboss.marshalling.")) {
                    type = findClass(name);
                } else if (type == null && (name.equals(HELPER) || name.startsWith(HELPER + "$"))) {
                    type = defineFromParent(name);
                }
                if (type == null) {
                    return super.loadClass(name, resolve);
                }
                if (resolve) {
                    resolveClass(type);
                }
                return type;
            }
        }

        private Class<?> defineFromParent(String name) throws ClassNotFoundException {
            try (InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
                if (in == null) {
                    throw new ClassNotFoundException(name);
                }
                byte[] bytes = in.readAllBytes();
                return defineClass(name, bytes, 0, bytes.length);
            } catch (IOException e) {
                throw new ClassNotFoundException(name, e);
            }
        }

        static {
            registerAsParallelCapable();
        }
    }
}
