/**
 * Settles once the page's first contentful paint has been drawn: when the browser reports it, which it does
 * once that frame has been drawn, not when the main thread has handed it over. Between the two, the frame is
 * rasterized and composited on other threads; work started at the hand-over (hydrating a 1,000-row block) took
 * the CPU they needed, and on a machine with few cores the first screen came later. A page painted already: the
 * frame after now. Without paint timing (an older browser), the frame after now. A tab opened in the background
 * paints nothing: a timer settles it all the same.
 */
export function afterContentShown(fallbackMs = 1_000): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, fallbackMs)
    const done = () => {
      clearTimeout(timer)
      setTimeout(resolve, 0)
    }
    const nextFrame = () => void requestAnimationFrame(done)
    try {
      if (performance.getEntriesByName('first-contentful-paint').length > 0) return nextFrame()
      if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return nextFrame()
      const observer = new PerformanceObserver((list) => {
        if (!list.getEntriesByName('first-contentful-paint').length) return
        observer.disconnect()
        done()
      })
      observer.observe({ type: 'paint' })
    } catch {
      nextFrame()
    }
  })
}
