// The Russian locale object ECharts ships as UMD without its own type declaration.
declare module 'echarts/i18n/langRU-obj.js' {
  const langRU: object;
  export default langRU;
}
