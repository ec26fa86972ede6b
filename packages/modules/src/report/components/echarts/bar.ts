export { BarChart as chart } from 'echarts/charts';
